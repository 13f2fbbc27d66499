import { nowMs } from '../core/clock';
import { notFound } from '../core/errors';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { broadcastUpdate } from '../sockets/broadcast';
import { pruneAutoVersions } from './auto-versions';
import { applyValue, docFromUpdates, encodeState, jsonEqual, readValue } from './codec';
import { type EditorRecord, type EditorRef, loadEditors } from './repository';
import { appendToEditor, updateEvent } from './service';
import { documentTooLarge, exceedsDocumentLimit } from './size-guard';
import {
  deleteVersion,
  listedVersion,
  queryVersions,
  readVersion,
  type StoredVersion,
  storeVersion,
  versionOf,
} from './versions-repository';
import type {
  CreateVersionInput,
  DeleteVersionsInput,
  GetVersionsInput,
  RestoreVersionInput,
  VersionView,
} from './versions-schemas';

const refOf = (input: EditorRef): EditorRef => ({
  organizationId: input.organizationId,
  documentId: input.documentId,
  editorId: input.editorId,
});

const noContent = (editorId: string) =>
  notFound(`No CRDT data for editor ${editorId}; add it with /v2/crdt/add.`);
const noVersion = (versionId: string) => notFound(`No version ${versionId} of this editor.`);

/** The stored editor a versions request names (one Query): a route's prefetch, beside the auth read. */
export const readEditor = (apiKey: string, ref: EditorRef): Promise<EditorRecord[]> =>
  loadEditors(apiKey, ref.organizationId, ref.documentId, ref.editorId);

/**
 * crdt/versions/create: stores the editor's content now (`Y.encodeStateAsUpdate`) as a version
 * named `name` (or null), by the `actionUser`, and moves the head's newest-version time. Throws
 * NOT_FOUND when the editor has no content. `stored` is `readEditor` of the editor.
 */
export async function createVersion(
  apiKey: string,
  input: CreateVersionInput,
  stored: Promise<EditorRecord[]> = readEditor(apiKey, input),
): Promise<{ versionId: string; createdAt: number }> {
  const [editor] = await stored;
  if (!editor) throw noContent(input.editorId);
  const doc = docFromUpdates(editor.records.map((record) => record.bytes));
  const createdAt = nowMs();
  const version = versionOf(editor.head, encodeState(doc), {
    createdAt,
    createdBy: input.actionUser?.userId ?? null,
    name: input.name ?? null,
    auto: false,
  });
  await storeVersion(apiKey, version, { kind: 'always' });
  return { versionId: version.versionId, createdAt };
}

const versionsBinding = (apiKey: string, input: GetVersionsInput) => ({
  owner: `apiKey:${apiKey}`,
  query: {
    list: 'crdtVersions',
    organizationId: input.organizationId,
    documentId: input.documentId,
    editorId: input.editorId,
  },
});

/** The content of a stored version, as crdt/get shows an editor's. */
function versionContent(version: StoredVersion): VersionView {
  const { meta } = version;
  return {
    versionId: meta.versionId,
    name: meta.name,
    createdAt: meta.createdAt,
    type: meta.type,
    data: readValue(docFromUpdates([version.bytes]), meta),
  };
}

/**
 * crdt/versions/get: one version with its content (`versionId`; NOT_FOUND when unknown), or a page
 * of the editor's versions newest first (an empty list for an editor without any), with the next
 * page's token. One Query, or a GetItem and a Query side by side. Needs only the API key and the
 * input, so the route starts it as its prefetch, beside the auth read.
 */
export async function getVersions(apiKey: string, input: GetVersionsInput) {
  const ref = refOf(input);
  if (input.versionId !== undefined) {
    const version = await readVersion(apiKey, ref, input.versionId);
    if (!version) throw noVersion(input.versionId);
    return { data: versionContent(version) };
  }
  const binding = versionsBinding(apiKey, input);
  const startKey = input.pageToken ? decodePageToken(input.pageToken, binding) : undefined;
  const page = await queryVersions(apiKey, ref, input.pageSize, startKey);
  return {
    data: page.items.map(listedVersion),
    nextPageToken: page.nextKey ? encodePageToken(page.nextKey, binding) : undefined,
  };
}

/** The editor and the version a restore names, read side by side: a route's prefetch. */
export const readRestore = (apiKey: string, input: RestoreVersionInput) =>
  Promise.all([readEditor(apiKey, input), readVersion(apiKey, refOf(input), input.versionId)]);

/**
 * crdt/versions/restore: makes the editor's content equal to the version's by one forward Yjs edit
 * against the content stored now (never rewinding history: later edits apply on top). When that
 * changes nothing, nothing happens; otherwise an automatic version of the content before is stored,
 * then the edit is appended with `crdt.update_data` (one transaction) and sent to the room's
 * connected clients. Throws NOT_FOUND for an editor without content or an unknown version.
 */
export async function restoreVersion(
  apiKey: string,
  input: RestoreVersionInput,
  read: ReturnType<typeof readRestore> = readRestore(apiKey, input),
): Promise<void> {
  const ref = refOf(input);
  const [[editor], version] = await read;
  if (!editor) throw noContent(input.editorId);
  if (!version) throw noVersion(input.versionId);
  const { head } = editor;
  const doc = docFromUpdates(editor.records.map((record) => record.bytes));
  const target = readValue(docFromUpdates([version.bytes]), { ...head, ...pick(version) });
  if (jsonEqual(readValue(doc, head), target)) return;
  const now = nowMs();
  const before = versionOf(head, encodeState(doc), {
    createdAt: now,
    createdBy: null,
    name: null,
    auto: true,
  });
  const change = { updatedAt: now, updatedBy: input.actionUser?.userId ?? null };
  const delta = applyValue(doc, head.type, head.contentKey, target);
  // The forward edit adds to the history, so even an older, smaller content can pass the limit.
  if (exceedsDocumentLimit(doc, editor.records, delta.length)) throw documentTooLarge(ref.editorId);
  await storeVersion(apiKey, before, { kind: 'always' });
  const event = updateEvent(ref, head, readValue(doc, head), change);
  // The version just stored is the newest: no automatic one is due after this change.
  const current = { ...editor, head: { ...head, newestVersionAt: now } };
  // The version of the content before counts against the editor's automatic versions.
  await Promise.all([
    appendToEditor(apiKey, ref, current, doc, delta, change, event),
    pruneAutoVersions(apiKey, ref),
  ]);
  await broadcastUpdate(apiKey, ref, delta);
}

/** The type and content key a version was stored with (the editor's, fixed at its first content). */
const pick = (version: StoredVersion) => ({ type: version.meta.type, contentKey: version.meta.contentKey });

/**
 * crdt/versions/delete: deletes each named version, answering per id `{ success, message }`
 * (`success: false` for an id with no version). The ids are deleted side by side.
 */
export async function deleteVersions(apiKey: string, input: DeleteVersionsInput) {
  const ref = refOf(input);
  const results = await Promise.all(
    input.versionIds.map(async (versionId) => {
      const deleted = await deleteVersion(apiKey, ref, versionId);
      return [
        versionId,
        deleted
          ? { success: true, message: 'Version deleted.' }
          : { success: false, message: `No version ${versionId} of this editor.` },
      ] as const;
    }),
  );
  return Object.fromEntries(results);
}
