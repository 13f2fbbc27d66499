/**
 * Automatic versions (addendum §12): the first content of an editor is a version, and a change
 * makes one of the content after it when the newest version is older than 30 minutes. Whether one
 * is due is read from the editor's head (`newestVersionAt`), which every write loads already, so a
 * change with no version due costs no DynamoDB call more.
 */
import * as Y from 'yjs';
import { env } from '../config/env';
import type { TransactItem } from '../db/batch';
import type { EditorRef } from './repository';
import type { EditorHead } from './schemas';
import {
  autoVersionsBeyond,
  deleteVersion,
  storeVersion,
  versionOf,
  versionWrites,
} from './versions-repository';
import { autoVersionIntervalMs } from './versions-schemas';

type Item = Record<string, unknown>;

/** Whether a change at `now` makes an automatic version: none yet, or the newest older than 30 minutes. */
export const versionDue = (head: EditorHead, now: number): boolean =>
  head.newestVersionAt === undefined || now - head.newestVersionAt > autoVersionIntervalMs;

/**
 * The first content of an editor as a version, written with the editor's insert: the head to
 * insert (carrying `newestVersionAt`) and the version's items for `insertEditor`'s transaction.
 */
export function withFirstVersion(
  apiKey: string,
  head: EditorHead,
  state: Uint8Array,
): { head: EditorHead; alongside: { puts: Item[]; commit: TransactItem[] } } {
  const version = versionOf(head, state, {
    createdAt: head.createdAt,
    createdBy: null,
    name: null,
    auto: true,
  });
  return { head: { ...head, newestVersionAt: head.createdAt }, alongside: versionWrites(apiKey, version) };
}

/**
 * After a change was stored (`doc` holds the content after it): when a version is due, stores an
 * automatic one of `doc` and moves the head's `newestVersionAt`, conditional on the value `head`
 * was read with, so of concurrent writers one makes it. Nothing at all when none is due.
 */
export async function autoVersionIfDue(apiKey: string, head: EditorHead, doc: Y.Doc, now: number) {
  if (!versionDue(head, now)) return;
  const version = versionOf(head, Y.encodeStateAsUpdate(doc), {
    createdAt: now,
    createdBy: null,
    name: null,
    auto: true,
  });
  if (await storeVersion(apiKey, version, { kind: 'due', seen: head.newestVersionAt }))
    await pruneAutoVersions(apiKey, head);
}

/**
 * Deletes the editor's automatic versions past its newest `MAX_AUTO_VERSIONS`, after one was made
 * (at most every 30 minutes of changes): one Query, then a delete per version past it (usually
 * one). A version deleted concurrently by another pruner or by crdt/versions/delete is skipped.
 */
export async function pruneAutoVersions(apiKey: string, ref: EditorRef): Promise<void> {
  const beyond = await autoVersionsBeyond(apiKey, ref, env().MAX_AUTO_VERSIONS);
  await Promise.all(beyond.map((versionId) => deleteVersion(apiKey, ref, versionId)));
}
