import { broadcastUpdate } from '../../../shared/sockets/broadcast';
import { installConnectionPoster } from '../../../shared/sockets/poster';
import { listConnections } from '../../../shared/sockets/repository';
import { storeConnection } from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';

/** A connection API Gateway reports gone (PostToConnection 410) is deleted by the broadcast. */
afterEach(() => installConnectionPoster(undefined));

describe('broadcast to gone connections', () => {
  it('deletes the connections the poster reports gone and keeps the others', async () => {
    const { apiKey } = await createTestWorkspace();
    const room = { organizationId: 'org', documentId: 'doc', editorId: 'ed' };
    const gone = await storeConnection(apiKey, room);
    const alive = await storeConnection(apiKey, room);
    const posted: string[] = [];
    installConnectionPoster({
      post: async (connectionId) => {
        posted.push(connectionId);
        return connectionId === gone ? 'gone' : 'sent';
      },
      close: async () => undefined,
    });
    await broadcastUpdate(apiKey, room, new Uint8Array([0, 0]));
    expect(posted.sort()).toEqual([gone, alive].sort());
    const left = await listConnections(apiKey, room, Date.now());
    expect(left.map((member) => member.connectionId)).toEqual([alive]);
  });
});
