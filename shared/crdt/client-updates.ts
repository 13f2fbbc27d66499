import * as Y from 'yjs';
import { nowMs } from '../core/clock';
import { ApiError, invalidArgument, notFound } from '../core/errors';
import { conflict, type RetryPolicy, retryOnConflict } from '../db/retry';
import { broadcastUpdate } from '../sockets/broadcast';
import { withFirstVersion } from './auto-versions';
import { docFromUpdates, encodeState, readValue } from './codec';
import { documentNestsTooDeep, maxNestingDepth } from './depth';
import { type EditorRecord, type EditorRef, insertEditor, loadEditors, newRecordId } from './repository';
import type { CrdtType, RawUpdateInput, UpdateEditorInput } from './schemas';
import { appendToEditor, readEditors, updateEditor, updateEvent } from './service';
import { documentTooLarge, exceedsDocumentLimit } from './size-guard';
import { publishCoalescedUpdate } from './update-events';

/**
 * The editor type and content key a client's first update implies (the root type it writes to):
 * strings, formats and embeds are `text`; XML elements `xml`; keyed values `map`; other values
 * `array`. Undefined when the update writes no root type (only deletions, or nested content).
 */
export function inferEditorShape(update: Uint8Array): { type: CrdtType; contentKey: string } | undefined {
  for (const struct of Y.decodeUpdate(update).structs) {
    if (!(struct instanceof Y.Item) || typeof struct.parent !== 'string') continue;
    const { content } = struct;
    if (
      content instanceof Y.ContentString ||
      content instanceof Y.ContentFormat ||
      content instanceof Y.ContentEmbed
    ) {
      return { type: 'text', contentKey: struct.parent };
    }
    if (
      content instanceof Y.ContentType &&
      (content.type instanceof Y.XmlElement || content.type instanceof Y.XmlText)
    ) {
      return { type: 'xml', contentKey: struct.parent };
    }
    return { type: struct.parentSub === null ? 'array' : 'map', contentKey: struct.parent };
  }
  return undefined;
}

/**
 * Applies an update to a document and tells whether it changed anything (new content, deletions,
 * or pending structs). Bytes Yjs cannot decode (lib0 throws; JSON values nested past the stack
 * overflow it, which is caught here like any decoding error) are `undecodable`.
 */
function applyAndDetectChange(doc: Y.Doc, update: Uint8Array): boolean | 'undecodable' {
  let changed = false;
  const observe = (transaction: Y.Transaction) => {
    changed = transaction.changed.size > 0 || transaction.deleteSet.clients.size > 0;
  };
  doc.on('afterTransaction', observe);
  try {
    Y.applyUpdate(doc, update);
  } catch {
    return 'undecodable';
  } finally {
    doc.off('afterTransaction', observe);
  }
  return changed || doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}

/** Why a writer's update is refused: content the reads could not handle, or past the size limit. */
export const refusals = {
  undecodable: 'The update is not a Yjs update this server can decode; it was not stored.',
  tooDeep: `The update nests shared types or JSON values deeper than ${maxNestingDepth} levels; it was not stored.`,
  tooLarge: 'The update would make the document larger than maxDocumentBytes; it was not stored.',
} as const;

/** An editor created concurrently is loaded again and appended to: 2 attempts in all. */
const editorInsertRetry: RetryPolicy = { attempts: 2 };

/** What a client's update did to the stored editor. */
export interface ClientUpdateResult {
  /** Whether it held anything the stored state lacked (an empty or known update changes nothing). */
  changed: boolean;
  /** The part of it that was stored, to broadcast; absent when nothing was stored. */
  stored?: Uint8Array;
  /** Why a writer's update was refused and nothing stored (`refusals`), for the client to be told. */
  refused?: string;
}

/**
 * A connected client's update to an editor (addendum §9): stored when it changes the state and the
 * client may write (`write`), as an appended update like REST crdt/update (compaction included);
 * the first non-empty update of an editor without data creates it, its type and content key taken
 * from the update (`inferEditorShape`); appends publish coalesced `crdt.update_data` events
 * (`publishCoalescedUpdate`). A read-only client's update is only checked for change. A writer's
 * update that cannot be decoded, or that leaves the document nested deeper than `maxNestingDepth`
 * (checked on the whole document after applying it: linear, iterative), is refused (`refused`).
 * One Query to load the editor, then the append (or the conditional insert).
 */
export async function applyClientUpdate(
  apiKey: string,
  ref: EditorRef,
  update: Uint8Array,
  options: { write: boolean; userId: string | null },
): Promise<ClientUpdateResult> {
  // Another writer may create the editor between the load and the insert: the insert then fails
  // and the update is appended to that editor instead (once; a second failure is thrown).
  let insertFailure: unknown;
  const attempt = async (): Promise<ClientUpdateResult | typeof conflict> => {
    const [editor] = await loadEditors(apiKey, ref.organizationId, ref.documentId, ref.editorId);
    const doc = docFromUpdates(editor?.records.map((record) => record.bytes) ?? []);
    const before = Y.encodeStateVector(doc);
    const changed = applyAndDetectChange(doc, update);
    if (changed === 'undecodable') return { changed: false, refused: refusals.undecodable };
    if (!changed) return { changed: false };
    if (!options.write) return { changed: true };
    if (documentNestsTooDeep(doc)) return { changed: true, refused: refusals.tooDeep };
    if (exceedsDocumentLimit(doc, editor?.records ?? [], update.length)) {
      return { changed: true, refused: refusals.tooLarge };
    }
    const now = nowMs();
    const change = { updatedAt: now, updatedBy: options.userId };
    if (editor) {
      const delta = Y.diffUpdate(update, before);
      await appendToEditor(apiKey, ref, editor, doc, delta, change);
      await publishCoalescedUpdate(apiKey, ref, editor, doc, change);
      return { changed: true, stored: delta };
    }
    const shape = inferEditorShape(update);
    if (!shape) return { changed: true };
    const state = encodeState(doc);
    const first = withFirstVersion(
      apiKey,
      { ...ref, ...shape, createdAt: now, createdBy: options.userId },
      state,
    );
    try {
      await insertEditor(
        apiKey,
        first.head,
        { ...newRecordId(now), bytes: state, ...change },
        first.alongside,
      );
      return { changed: true, stored: state };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      insertFailure = error;
      return conflict;
    }
  };
  return retryOnConflict(editorInsertRetry, attempt, () => {
    throw insertFailure;
  });
}

/**
 * crdt/update (addendum §12): a raw Yjs update (`update`) is applied as is, a JSON value (`data`)
 * by `updateEditor`. `stored` is `readEditors` of the editor.
 */
export function updateEditorContent(
  apiKey: string,
  input: UpdateEditorInput,
  stored: Promise<EditorRecord[]> = readEditors(apiKey, input),
): Promise<void> {
  return 'update' in input ? applyRawUpdate(apiKey, input, stored) : updateEditor(apiKey, input, stored);
}

/**
 * crdt/update with `update`: the bytes are applied to the stored state as they are; what they add
 * is appended like any change (with its `crdt.update_data` event, in one transaction) and sent to
 * the room's connected clients. Refused, with nothing stored: bytes Yjs cannot read, content nested
 * past `maxNestingDepth` or depending on content the editor lacks (INVALID_ARGUMENT naming
 * `update`), a result past `maxDocumentBytes` (FAILED_PRECONDITION). An update the editor holds
 * already changes nothing. NOT_FOUND without data for the editor, as for a JSON value.
 */
async function applyRawUpdate(apiKey: string, input: RawUpdateInput, stored: Promise<EditorRecord[]>) {
  const ref: EditorRef = {
    organizationId: input.organizationId,
    documentId: input.documentId,
    editorId: input.editorId,
  };
  const [editor] = await stored;
  if (!editor) throw notFound(`No CRDT data for editor ${ref.editorId}; add it with /v2/crdt/add.`);
  const update = new Uint8Array(Buffer.from(input.update, 'base64'));
  const doc = docFromUpdates(editor.records.map((record) => record.bytes));
  const pendingBefore = doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
  const before = Y.encodeStateVector(doc);
  const changed = applyAndDetectChange(doc, update);
  if (changed === 'undecodable') throw invalidArgument(`update: ${refusals.undecodable}`);
  if (!changed) return;
  if (!pendingBefore && (doc.store.pendingStructs !== null || doc.store.pendingDs !== null)) {
    throw invalidArgument('update: it depends on content the editor does not hold; it was not stored.');
  }
  if (documentNestsTooDeep(doc)) throw invalidArgument(`update: ${refusals.tooDeep}`);
  if (exceedsDocumentLimit(doc, editor.records, update.length)) throw documentTooLarge(ref.editorId);
  const change = { updatedAt: nowMs(), updatedBy: input.userId ?? null };
  const delta = Y.diffUpdate(update, before);
  const event = updateEvent(ref, editor.head, readValue(doc, editor.head), change);
  await appendToEditor(apiKey, ref, editor, doc, delta, change, event);
  await broadcastUpdate(apiKey, ref, delta);
}
