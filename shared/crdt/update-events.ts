import type * as Y from 'yjs';
import type { logger } from '../core/logger';
import { entities } from '../db/entities';
import { type Incarnations, withIncarnations } from '../db/incarnations';
import type { DueHandler } from '../reconcile/reconciler';
import { publish } from '../webhooks/outbox';
import { docFromUpdates, readValue } from './codec';
import {
  type Change,
  closePendingEventWindow,
  type EditorRecord,
  type EditorRef,
  loadEditors,
  openOrMarkEventWindow,
} from './repository';
import { updateEvent } from './service';

/** Client edits publish at most one `crdt.update_data` per editor (room) this often (addendum §9). */
export const eventWindowMs = 10_000;

/**
 * After a client edit was stored: the first edit after a quiet window publishes the state at once
 * and opens a 10 s window; edits inside the window mark it pending, and the reconciler publishes the
 * state after the window's last edit once the window is over (`eventWindowDueHandler`). One
 * conditional UpdateItem (a second one when the window is open), plus the outbox PutItem.
 */
export async function publishCoalescedUpdate(
  apiKey: string,
  ref: EditorRef,
  editor: EditorRecord,
  doc: Y.Doc,
  change: Change,
): Promise<void> {
  if (!(await openOrMarkEventWindow(apiKey, ref, change.updatedAt, eventWindowMs))) return;
  const { head } = editor;
  await publish(apiKey, updateEvent(ref, head, readValue(doc, head), change));
}

type Item = Record<string, unknown>;

/**
 * Publishes the state after a pending window's last edit and closes the window; false when there
 * was nothing to do. The value is read before the window is closed, so an editor that cannot be
 * read (FAILED_PRECONDITION: content stored before the nesting check) throws with the window still
 * pending, and the reconciler backs it off and quarantines it instead of losing it silently.
 */
async function publishTrailing(apiKey: string, ref: EditorRef, now: number): Promise<boolean> {
  const [editor] = await loadEditors(apiKey, ref.organizationId, ref.documentId, ref.editorId);
  const value =
    editor && readValue(docFromUpdates(editor.records.map((record) => record.bytes)), editor.head);
  if (!(await closePendingEventWindow(apiKey, ref, now, eventWindowMs))) return false;
  if (!editor || value === undefined) return false;
  const newest = editor.records.reduce((a, b) => (b.updatedAt > a.updatedAt ? b : a), editor.records[0]!);
  await publish(
    apiKey,
    updateEvent(ref, editor.head, value, { updatedAt: newest.updatedAt, updatedBy: newest.updatedBy }),
  );
  return true;
}

/**
 * The reconciler's handler of pending event windows: loads the editor, starts the next window
 * (conditionally: two sweeps publish once) and publishes the state after the window's last edit.
 * Throws when the window's editor cannot be published (the reconciler isolates the item).
 */
export const eventWindowDueHandler: DueHandler = {
  entity: entities.crdtEventWindow.name,
  async handle(items: readonly Item[], now: number, log: typeof logger) {
    let published = 0;
    for (const item of items) {
      const apiKey = item.apiKey as string;
      const ref: EditorRef = {
        organizationId: item.organizationId as string,
        documentId: item.documentId as string,
        editorId: item.editorId as string,
      };
      // The window's keys are those of the incarnations it was opened in.
      const incarnations = (item.incarnations as Incarnations | undefined) ?? {};
      if (await withIncarnations(incarnations, () => publishTrailing(apiKey, ref, now))) published += 1;
    }
    if (published > 0) log.info('trailing crdt.update_data events published', { published });
    return published;
  },
};
