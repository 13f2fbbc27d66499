import { succeed } from '../../support/api';
import { waitFor } from '../../support/poll';
import {
  type ConnectParams,
  seedDocument,
  type TestClient,
  useRealtimeSession,
} from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';

/**
 * crdt/versions/restore (addendum §12) reaches connected `y-websocket` clients like any update
 * (§9): they converge on the version's content, and their later edits apply on top of it.
 */
jest.setTimeout(60_000);

const session = useRealtimeSession(createTestWorkspace);

const text = (client: TestClient) => client.doc.getText('content').toString();

async function restValue(params: Omit<ConnectParams, 'token' | 'apiKey'>) {
  const [editor] = await succeed(session.workspace, 'crdt.get', params);
  return editor?.data;
}

describe('crdt.versions.restore with connected clients', () => {
  it('reaches two connected clients, which converge; an edit sent after the restore is kept', async () => {
    const params = { ...(await seedDocument(session.workspace)), editorId: 'editor-1' };
    await succeed(session.workspace, 'crdt.add', { ...params, type: 'text', data: 'chapter one' });
    const { versionId } = await succeed(session.workspace, 'crdt.versions.create', {
      ...params,
      name: 'first',
    });
    const alice = await session.join(params, 'alice');
    const bob = await session.join(params, 'bob');
    alice.doc.getText('content').insert(text(alice).length, ', and two');
    await waitFor(() => text(bob) === 'chapter one, and two', 10_000, 'the client edit');
    await waitFor(async () => (await restValue(params)) === 'chapter one, and two', 10_000, 'stored');

    await succeed(session.workspace, 'crdt.versions.restore', {
      ...params,
      versionId,
      actionUser: { userId: 'carol' },
    });
    await waitFor(
      () => text(alice) === 'chapter one' && text(bob) === 'chapter one',
      10_000,
      'the restore at both clients',
    );

    bob.doc.getText('content').insert(0, 'Prologue. ');
    await waitFor(
      async () =>
        text(alice) === 'Prologue. chapter one' && (await restValue(params)) === 'Prologue. chapter one',
      10_000,
      'the edit after the restore',
    );
    expect(text(bob)).toBe(text(alice));
  });
});
