import { createHash } from 'node:crypto';
import { globalSecondaryIndexes, type IndexName } from './entities/definition';
import { incarnationOf } from './incarnations';

/**
 * The parts every key of the table is built from; the builders themselves sit beside the items they
 * key, one area per domain in shared/db/entities (composed into `keys` by shared/db/keys.ts).
 *
 * Everything owned by an API key lives in partitions starting `AK#<apiKey>#` (or exactly
 * `AK#<apiKey>`), built only by `apiKeyPartition`, so a request can only reach keys derived from
 * its authenticated API key. Workspace and owner items sit above API keys and are keyed by
 * workspace id / owner email instead.
 */

/** Separates key segments; `encodeKeyPart` guarantees it never occurs inside a segment. */
export const separator = '#';

/** Encoded segments longer than this are replaced by a digest so keys stay within DynamoDB's limits. */
const maxEncodedPartLength = 200;

/**
 * Encodes a caller-chosen id for use inside a key. Injective for short ids (percent-encoding of
 * everything but unreserved characters, `~` included, so `#` and `/` cannot appear); ids whose
 * encoding would be long become `~` + SHA-256 (the `~` prefix cannot come from encoding), so a
 * 1 KB id still fits a 1,024-byte sort key. Store the original id as an attribute, never parse keys.
 */
export function encodeKeyPart(id: string): string {
  const encoded = encodeURIComponent(id).replace(
    /[!'()*~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  if (encoded.length <= maxEncodedPartLength) return encoded;
  return `~${createHash('sha256').update(id, 'utf8').digest('base64url')}`;
}

/**
 * An encoded id with its incarnation (shared/db/incarnations.ts): `~n` appended when `n > 0`,
 * nothing for incarnation 0, so keys of ids never re-created stay what they always were. Injective:
 * `encodeKeyPart` never yields `~` except as the first character of a digest (which never holds
 * another `~`), so a segment has a `~` after its first character exactly when it carries an
 * incarnation, and it is the last `~` (decisions §41).
 */
const withIncarnation = (encoded: string, incarnation: number) =>
  incarnation > 0 ? `${encoded}~${incarnation}` : encoded;

/** The key segment of an organization, in its current incarnation. */
export const organizationSegment = (organizationId: string) =>
  withIncarnation(encodeKeyPart(organizationId), incarnationOf(organizationId));

/** The key segment of a document of an organization, in the document's current incarnation. */
export const documentSegment = (organizationId: string, documentId: string) =>
  withIncarnation(encodeKeyPart(documentId), incarnationOf(organizationId, documentId));

/** Joins key segments with the separator; segments holding ids must be encoded first. */
export function join(...segments: string[]): string {
  return segments.join(separator);
}

/** Partition of an API key's own items: `AK#<apiKey>` plus encoded sub-segments. */
export function apiKeyPartition(apiKey: string, ...segments: string[]): string {
  return join('AK', encodeKeyPart(apiKey), ...segments);
}

/** The partition holding one organization's items, or (with segments) one of its sub-partitions. */
export function organizationPartition(apiKey: string, organizationId: string, ...segments: string[]): string {
  return apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), ...segments);
}

/**
 * Sort key of every time-ordered listing: zero-padded epoch ms, then the encoded id, so equal
 * timestamps still order (and resume) deterministically.
 */
export function timelineSortKey(timestamp: number, id: string): string {
  return join(String(timestamp).padStart(15, '0'), encodeKeyPart(id));
}

/** The primary key of one item. */
export type ItemKey = {
  pk: string;
  sk: string;
};

/**
 * Index keys placing one item on several timelines, each sorted by the item's `timelineSortKey`:
 * each index's partition given, `undefined` where the item is not on that timeline (its attributes
 * are then left off, so the sparse index skips it).
 */
export function onTimelines(
  timestamp: number,
  id: string,
  partitions: Partial<Record<IndexName, string | undefined>>,
): Record<string, string> {
  const sortKey = timelineSortKey(timestamp, id);
  return Object.fromEntries(
    Object.entries(partitions).flatMap(([index, partition]) =>
      partition === undefined
        ? []
        : [
            [`${index}pk`, partition],
            [`${index}sk`, sortKey],
          ],
    ),
  );
}

/** Attribute names that belong to the key schema and are stripped before items leave a repository. */
export const keyAttributes: readonly string[] = [
  'pk',
  'sk',
  ...Object.keys(globalSecondaryIndexes).flatMap((index) => [`${index}pk`, `${index}sk`]),
  'ttl',
];
