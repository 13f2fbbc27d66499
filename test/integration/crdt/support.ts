import { randomUUID } from 'node:crypto';
import { loadEditors } from '../../../shared/crdt/repository';

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
