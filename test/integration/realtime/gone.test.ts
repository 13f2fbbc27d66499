import { measureDbCalls } from '../../../shared/db/metrics';
import { broadcastUpdate, sendToConnections } from '../../../shared/sockets/broadcast';
import { installConnectionPoster } from '../../../shared/sockets/poster';
import { listConnections } from '../../../shared/sockets/repository';
import { storeConnection } from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';

/**
 * A connection API Gateway reports gone (PostToConnection 410) is deleted by the broadcast, unless
 * it was stored moments ago: API Gateway also answers 410 while a connection's `$connect` has not
 * returned.
 */
afterEach(() => installConnectionPoster(undefined));

describe('broadcast to gone connections', () => {
  it('deletes the connections the poster reports gone, keeps the others and those still opening', async () => {
    const { apiKey } = await createTestWorkspace();
    const room = { organizationId: 'org', documentId: 'doc', editorId: 'ed' };
    const minuteAgo = Date.now() - 60_000;
    const gone = await storeConnection(apiKey, room, { connectedAt: minuteAgo });
    const alive = await storeConnection(apiKey, room, { connectedAt: minuteAgo });
    const opening = await storeConnection(apiKey, room);
    const posted: string[] = [];
    installConnectionPoster({
      post: async (connectionId) => {
        posted.push(connectionId);
        return connectionId === alive ? 'sent' : 'gone';
      },
      close: async () => 'sent' as const,
    });
    await broadcastUpdate(apiKey, room, new Uint8Array([0, 0]));
    expect(posted.sort()).toEqual([gone, alive, opening].sort());
    const left = await listConnections(apiKey, room, Date.now());
    expect(left.map((member) => member.connectionId).sort()).toEqual([alive, opening].sort());
  });

  it('posts to and deletes a gone connection once, however many broadcasts still list it', async () => {
    const { apiKey } = await createTestWorkspace();
    const room = { organizationId: 'org', documentId: 'doc', editorId: 'ed' };
    const gone = await storeConnection(apiKey, room, { connectedAt: Date.now() - 60_000 });
    // As broadcasts running at once list it: before either has deleted it.
    const listed = await listConnections(apiKey, room, Date.now());
    const posted: string[] = [];
    installConnectionPoster({
      post: async (connectionId) => {
        posted.push(connectionId);
        return 'gone';
      },
      close: async () => 'sent' as const,
    });
    const first = await measureDbCalls(() =>
      sendToConnections(apiKey, room.organizationId, listed, ['AAAA']),
    );
    const second = await measureDbCalls(() =>
      sendToConnections(apiKey, room.organizationId, listed, ['AAAA']),
    );
    expect(posted).toEqual([gone]);
    expect(first.stats.commands).toEqual(['TransactWriteItems']);
    expect(second.stats.calls).toBe(0);
    expect(await listConnections(apiKey, room, Date.now())).toEqual([]);
  });
});
