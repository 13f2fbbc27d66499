import * as Y from 'yjs';
import { env } from '../config/env';
import { failedPrecondition } from '../core/errors';
import type { UpdateRecord } from './repository';

/** The most an editor's content may take, encoded (addendum §12 `maxDocumentBytes`: 8 MiB). */
export const maxDocumentBytes = () => env().MAX_DOCUMENT_BYTES;

const describe = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;

/**
 * Whether `doc` (an editor's stored records with a change applied) passes `maxDocumentBytes`,
 * measured as `Y.encodeStateAsUpdate` (v1). The stored records plus the change are an upper bound
 * of that encoding (it holds each of their structs once, merged), so the document is encoded only
 * when they pass the limit together.
 */
export function exceedsDocumentLimit(
  doc: Y.Doc,
  stored: readonly Pick<UpdateRecord, 'bytes'>[],
  changeBytes: number,
): boolean {
  const limit = maxDocumentBytes();
  const bound = stored.reduce((sum, record) => sum + record.bytes.length, changeBytes);
  return bound > limit && Y.encodeStateAsUpdate(doc).length > limit;
}

/** FAILED_PRECONDITION naming the limit: a REST change refused, nothing stored. */
export const documentTooLarge = (editorId: string) =>
  failedPrecondition(
    `The change would make editor ${editorId} larger than maxDocumentBytes (${describe(maxDocumentBytes())} ` +
      'as Y.encodeStateAsUpdate encodes it); nothing was stored.',
  );
