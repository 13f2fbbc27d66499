import { maxNestingDepth } from '../../../shared/crdt/depth';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace } from '../../support/workspaces';
import { newEditor, storedUpdates, storePoisonedEditor } from './support';

/** A JSON object nesting `levels` objects (the value itself is level 1). */
function nestedObject(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 2; level <= levels; level += 1) value = { k: value };
  return value;
}

describe('crdt nesting depth (issue 27)', () => {
  it('stores REST data nested to the limit; one level more is INVALID_ARGUMENT naming the path in data', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'map', data: nestedObject(maxNestingDepth) });
    const [stored] = await succeed(workspace, 'crdt.get', ref);
    expect(JSON.stringify(stored.data)).toBe(JSON.stringify(nestedObject(maxNestingDepth)));

    for (const route of ['crdt.add', 'crdt.update'] as const) {
      const refused = await callAs(workspace, route, {
        ...ref,
        type: 'map',
        data: nestedObject(maxNestingDepth + 1),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json.error?.status).toBe('INVALID_ARGUMENT');
      expect(refused.json.error?.message).toMatch(/^data\.k/);
    }
    expect(await storedUpdates(workspace.apiKey, ref)).toHaveLength(1);
  });

  it('answers FAILED_PRECONDITION naming the editor for a stored poisoned editor, and crdt.update repairs it', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor('poisoned');
    await storePoisonedEditor(workspace.apiKey, ref);

    for (const input of [ref, { organizationId: ref.organizationId, documentId: ref.documentId }]) {
      const read = await callAs(workspace, 'crdt.get', input);
      expect(read.statusCode).toBe(400);
      expect(read.json.error?.status).toBe('FAILED_PRECONDITION');
      expect(read.json.error?.message).toContain('Editor poisoned');
      expect(read.json.error?.message).toContain(`${maxNestingDepth} levels`);
    }
    // Replacing the value deletes the nested maps: the editor reads again.
    const repaired = await callAs(workspace, 'crdt.update', {
      ...ref,
      type: 'map',
      data: { title: 'fixed' },
    });
    expect(repaired.statusCode).toBe(200);
    const [editor] = await succeed(workspace, 'crdt.get', ref);
    expect(editor.data).toEqual({ title: 'fixed' });
  });
});
