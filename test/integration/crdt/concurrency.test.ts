import { callAs, succeed } from '../../support/api';
import { outboxEvents } from '../../support/outbox';
import { createTestWorkspace } from '../../support/workspaces';
import { newEditor } from './support';

/**
 * Forces the worst interleaving of concurrent updates: every request has loaded the stored state
 * before any of them writes. A last-writer-wins store would keep one of the changes; appended Yjs
 * updates must keep them all.
 */
let mockLoadsToHold = 0;
const mockHeld: (() => void)[] = [];

jest.mock('../../../shared/crdt/repository', () => {
  const actual = jest.requireActual('../../../shared/crdt/repository');
  return {
    ...actual,
    loadEditors: async (...args: unknown[]) => {
      const editors = await actual.loadEditors(...args);
      if (mockLoadsToHold === 0) return editors;
      await new Promise<void>((release) => {
        mockHeld.push(release);
        if (mockHeld.length === mockLoadsToHold) for (const held of mockHeld.splice(0)) held();
      });
      return editors;
    },
  };
});

describe('crdt.update under concurrency', () => {
  it('keeps all of 20 concurrent updates of different map keys made against the same state', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    const base = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`k${index}`, 0]));
    await succeed(workspace, 'crdt.add', { ...ref, type: 'map', data: base });
    mockLoadsToHold = 20;
    const responses = await Promise.all(
      Object.keys(base).map((key) =>
        callAs(workspace, 'crdt.update', { ...ref, type: 'map', data: { ...base, [key]: 1 } }),
      ),
    );
    mockLoadsToHold = 0;
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const [editor] = await succeed(workspace, 'crdt.get', ref);
    expect(editor.data).toEqual(Object.fromEntries(Object.keys(base).map((key) => [key, 1])));
    expect(await outboxEvents(workspace.apiKey)).toHaveLength(20);
  }, 30_000);
});
