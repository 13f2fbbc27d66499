import * as Y from 'yjs';
import { nowMs } from '../core/clock';
import { invalidArgument, notFound } from '../core/errors';
import { broadcastUpdate } from '../sockets/broadcast';
import type { PublishedEvent } from '../webhooks/event-schemas';
import { createCatalogEvent, publish } from '../webhooks/outbox';
import { autoVersionIfDue, withFirstVersion } from './auto-versions';
import { applyValue, docFromUpdates, encodeState, readValue, tooDeepRoot } from './codec';
import { clearDeepContent } from './depth';
import {
  appendUpdate,
  type Change,
  type EditorRecord,
  type EditorRef,
  insertEditor,
  loadEditors,
  newRecordId,
  type UpdateRecord,
  writeSnapshot,
} from './repository';
import {
  type CrdtValue,
  defaultContentKey,
  type EditorData,
  type EditorHead,
  type GetEditorsInput,
  type WriteEditorInput,
  type YjsEditorData,
} from './schemas';
import { documentTooLarge, exceedsDocumentLimit, maxDocumentBytes } from './size-guard';

/**
 * Compaction rule: once an editor holds this many appended updates, or this many bytes of them,
 * the update that crosses the line folds them into a snapshot, so loading stays one small Query.
 */
export const compaction = { maxUpdates: 16, maxUpdateBytes: 256 * 1024 };

/** The newest change among records (for `lastUpdate` / `lastUpdatedBy`). */
function latest(records: readonly UpdateRecord[]): UpdateRecord | undefined {
  return records.reduce<UpdateRecord | undefined>(
    (newest, record) => (!newest || record.updatedAt > newest.updatedAt ? record : newest),
    undefined,
  );
}

/** Largest value a `crdt.update_data` event carries inline: its outbox item must stay below 400 KB. */
export const maxEventValueBytes = 256 * 1024;

/**
 * The `crdt.update_data` event: the editor and its new value, or `dataOmitted: true` instead of a
 * value over `maxEventValueBytes` (receivers then read it with crdt/get).
 */
export function updateEvent(ref: EditorRef, head: EditorHead, value: CrdtValue, change: Change) {
  const fits = Buffer.byteLength(JSON.stringify(value)) <= maxEventValueBytes;
  return createCatalogEvent(
    {
      event: 'crdt.update_data',
      actionType: 'update_data',
      source: 'crdt',
      organizationId: ref.organizationId,
      documentId: ref.documentId,
      data: {
        editorId: ref.editorId,
        type: head.type,
        contentKey: head.contentKey,
        ...(fits ? { data: value } : { dataOmitted: true }),
        lastUpdate: change.updatedAt,
        lastUpdatedBy: change.updatedBy,
      },
    },
    change.updatedAt,
  );
}

const refOf = (input: EditorRef): EditorRef => ({
  organizationId: input.organizationId,
  documentId: input.documentId,
  editorId: input.editorId,
});

/** crdt/add: stores a new editor's initial state and sends it to the room's connected clients. Throws ALREADY_EXISTS when the editor has data. */
export async function addEditor(apiKey: string, input: WriteEditorInput): Promise<void> {
  const now = nowMs();
  const contentKey = input.contentKey ?? defaultContentKey;
  const doc = docFromUpdates([]);
  applyValue(doc, input.type, contentKey, input.data);
  const state = encodeState(doc);
  if (state.length > maxDocumentBytes()) throw documentTooLarge(input.editorId);
  const { head, alongside } = withFirstVersion(
    apiKey,
    { ...refOf(input), type: input.type, contentKey, createdAt: now, createdBy: input.userId ?? null },
    state,
  );
  await insertEditor(
    apiKey,
    head,
    { ...newRecordId(now), bytes: state, updatedAt: now, updatedBy: input.userId ?? null },
    alongside,
  );
  await broadcastUpdate(apiKey, refOf(input), state);
}

function editorView(editor: EditorRecord): EditorData {
  const { head, records } = editor;
  const doc = docFromUpdates(records.map((record) => record.bytes));
  const newest = latest(records);
  return {
    id: head.editorId,
    type: head.type,
    data: readValue(doc, head),
    lastUpdate: newest?.updatedAt ?? head.createdAt,
    lastUpdatedBy: newest ? newest.updatedBy : head.createdBy,
  };
}

/**
 * The stored editors a request names: one (`editorId`) or every editor of the document (one Query,
 * one more per MB). Needs only the API key and the input, so crdt.get and crdt.update read it as
 * their `prefetch`, beside the auth read (decisions §43).
 */
export const readEditors = (apiKey: string, input: GetEditorsInput) =>
  loadEditors(apiKey, input.organizationId, input.documentId, input.editorId);

/** An editor as Yjs bytes (addendum §12): its state, or only what a holder of `stateVector` lacks, and its state vector. */
function yjsEditorView(editor: EditorRecord, stateVector: Uint8Array | undefined): YjsEditorData {
  const doc = docFromUpdates(editor.records.map((record) => record.bytes));
  return {
    id: editor.head.editorId,
    update: Buffer.from(Y.encodeStateAsUpdate(doc, stateVector)).toString('base64'),
    stateVector: Buffer.from(Y.encodeStateVector(doc)).toString('base64'),
  };
}

/** A caller's state vector, decoded; INVALID_ARGUMENT naming `stateVector` when Yjs cannot read it. */
function decodeStateVectorInput(base64: string): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  try {
    Y.decodeStateVector(bytes);
  } catch {
    throw invalidArgument('stateVector: not a Yjs state vector (base64 of Y.encodeStateVector)');
  }
  return bytes;
}

/**
 * crdt/get: one editor (an empty list when it has no data) or every editor of the document
 * (`editors`: `readEditors`), as plain JSON or, with `format: 'yjs'`, as Yjs bytes.
 */
export async function getEditors(
  apiKey: string,
  input: GetEditorsInput,
  editors: Promise<EditorRecord[]> = readEditors(apiKey, input),
): Promise<(EditorData | YjsEditorData)[]> {
  if (input.format !== 'yjs') return (await editors).map(editorView);
  const stateVector = input.stateVector === undefined ? undefined : decodeStateVectorInput(input.stateVector);
  return (await editors).map((editor) => yjsEditorView(editor, stateVector));
}

/**
 * crdt/update: applies the new value as edits against the stored state and appends only the
 * incremental Yjs update, publishing `crdt.update_data` with it; compacts past the threshold;
 * then sends the update to the room's connected clients (addendum §9).
 * `stored` is `readEditors` of the editor. Throws NOT_FOUND without data for the editor,
 * INVALID_ARGUMENT when `type` or `contentKey` differ from the editor's.
 */
export async function updateEditor(
  apiKey: string,
  input: WriteEditorInput,
  stored: Promise<EditorRecord[]> = readEditors(apiKey, input),
): Promise<void> {
  const ref = refOf(input);
  const [editor] = await stored;
  if (!editor) throw notFound(`No CRDT data for editor ${ref.editorId}; add it with /v2/crdt/add.`);
  const { head } = editor;
  if (input.type !== head.type) throw invalidArgument(`type: editor ${ref.editorId} holds ${head.type} data`);
  if (input.contentKey !== undefined && input.contentKey !== head.contentKey) {
    throw invalidArgument(`contentKey: editor ${ref.editorId} stores its content under ${head.contentKey}`);
  }
  const now = nowMs();
  const change = { updatedAt: now, updatedBy: input.userId ?? null };
  const doc = docFromUpdates(editor.records.map((record) => record.bytes));
  const tooDeep = tooDeepRoot(doc, head);
  if (tooDeep) return repairEditor(apiKey, input, editor, doc, tooDeep, change);
  const delta = applyValue(doc, head.type, head.contentKey, input.data);
  if (exceedsDocumentLimit(doc, editor.records, delta.length)) throw documentTooLarge(ref.editorId);
  const event = updateEvent(ref, head, readValue(doc, head), change);
  await appendToEditor(apiKey, ref, editor, doc, delta, change, event);
  await broadcastUpdate(apiKey, ref, delta);
}

/**
 * crdt/update of an editor whose content nests too deep to read (stored before the check): its
 * content is deleted deepest first and replaced by the new value, and the result is stored as a
 * snapshot replacing every stored record — an appended update deleting the nested types would make
 * each later load recurse through them. Then the event and the broadcast, as for any update.
 */
async function repairEditor(
  apiKey: string,
  input: WriteEditorInput,
  editor: EditorRecord,
  doc: Y.Doc,
  root: Parameters<typeof clearDeepContent>[1],
  change: Change,
): Promise<void> {
  const ref = refOf(input);
  const before = Y.encodeStateVector(doc);
  clearDeepContent(doc, root);
  applyValue(doc, editor.head.type, editor.head.contentKey, input.data);
  if (encodeState(doc).length > maxDocumentBytes()) throw documentTooLarge(ref.editorId);
  const event = updateEvent(ref, editor.head, readValue(doc, editor.head), change);
  const newestSequence = Math.max(0, ...editor.records.map((record) => record.sequence));
  const snapshot = { ...newRecordId(change.updatedAt, newestSequence), bytes: encodeState(doc), ...change };
  await writeSnapshot(apiKey, ref, snapshot, editor.records, editor.abandonedKeys);
  await autoVersionIfDue(apiKey, editor.head, doc, change.updatedAt);
  await publish(apiKey, event);
  await broadcastUpdate(apiKey, ref, Y.encodeStateAsUpdate(doc, before));
}

/**
 * Appends `delta` (already applied to `doc`, which held the editor's stored state) with `event` in
 * the same transaction, and compacts into a snapshot once the log crosses the threshold.
 */
export async function appendToEditor(
  apiKey: string,
  ref: EditorRef,
  editor: EditorRecord,
  doc: Y.Doc,
  delta: Uint8Array,
  change: Change,
  event?: PublishedEvent,
): Promise<void> {
  const now = change.updatedAt;
  const newestSequence = Math.max(0, ...editor.records.map((record) => record.sequence));
  const appended = await appendUpdate(
    apiKey,
    ref,
    { ...newRecordId(now, newestSequence), bytes: delta, ...change },
    event,
  );
  await autoVersionIfDue(apiKey, editor.head, doc, now);
  const logs = [...editor.records.filter((record) => record.kind === 'LOG'), appended];
  const logBytes = logs.reduce((sum, record) => sum + record.bytes.length, 0);
  if (logs.length < compaction.maxUpdates && logBytes < compaction.maxUpdateBytes) return;
  const included = [...editor.records, appended];
  const { updatedAt, updatedBy } = latest(included) ?? appended;
  const snapshot = { ...newRecordId(now, appended.sequence), bytes: encodeState(doc), updatedAt, updatedBy };
  await writeSnapshot(apiKey, ref, snapshot, included, editor.abandonedKeys);
}
