import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import { nowMs } from '../../../shared/core/clock';
import { insertEditor, loadEditors, newRecordId } from '../../../shared/crdt/repository';

/** A fresh editor reference in a fresh document. */
export const newEditor = (editorId = 'editor-1') => ({
  organizationId: 'org-1',
  documentId: `doc-${randomUUID()}`,
  editorId,
});

/** The Yjs updates stored for an editor, as a client fetching them would apply them. */
export async function storedUpdates(apiKey: string, ref: ReturnType<typeof newEditor>) {
  const [editor] = await loadEditors(apiKey, ref.organizationId, ref.documentId, ref.editorId);
  return editor?.records ?? [];
}

/** A Yjs update nesting `levels` Y.Maps under the root map `content` (the root is level 1). */
export function nestedMapsUpdate(levels: number): Uint8Array {
  const doc = new Y.Doc();
  doc.transact(() => {
    let map = doc.getMap('content');
    for (let level = 2; level <= levels; level += 1) {
      const next = new Y.Map();
      map.set('k', next);
      map = next;
    }
  });
  return Y.encodeStateAsUpdate(doc);
}

/**
 * Stores an editor as it could be stored before writes were checked: the attack of issue 27
 * (5,000 nested Y.Maps, about 60 KB), seeded through the repository.
 */
export async function storePoisonedEditor(apiKey: string, ref: ReturnType<typeof newEditor>) {
  const now = nowMs();
  await insertEditor(
    apiKey,
    { ...ref, type: 'map', contentKey: 'content', createdAt: now, createdBy: null },
    { ...newRecordId(now), bytes: nestedMapsUpdate(5000), updatedAt: now, updatedBy: null },
  );
}
