import { randomUUID } from 'node:crypto';
import { greet, unservedCloseCode } from '../../../shared/realtime/greeting';
import { installConnectionPoster } from '../../../shared/sockets/poster';
import { deleteConnection } from '../../../shared/sockets/repository';
import { storeConnection } from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';

/**
 * The greeter against a poster standing for API Gateway: it waits out the 410s of a socket whose
 * `$connect` has not returned, and closes a socket whose connection item is gone.
 */
jest.setTimeout(30_000);

afterEach(() => installConnectionPoster(undefined));

const room = () => ({ organizationId: 'org', documentId: `doc-${randomUUID()}`, editorId: 'ed' });

describe('the greeter', () => {
  it('posts the greeting once the socket opens, after the 410s of a connection still connecting', async () => {
    const { apiKey } = await createTestWorkspace();
    const connectionId = (await storeConnection(apiKey, room())) as string;
    const attempts: string[] = [];
    installConnectionPoster({
      // The first three posts find the socket not open yet, as API Gateway does during `$connect`.
      post: async (id, frame) => {
        attempts.push(frame);
        return id === connectionId && attempts.length > 3 ? 'sent' : 'gone';
      },
      close: async () => 'sent' as const,
    });
    await greet(connectionId);
    // Three refused tries of the first frame, then the step 1 and the (empty) awareness.
    expect(attempts).toHaveLength(5);
    expect(new Set(attempts.slice(0, 4)).size).toBe(1);
  });

  it('closes a socket whose connection item is gone, once it is open, so that the client reconnects', async () => {
    const { apiKey } = await createTestWorkspace();
    const target = room();
    const connectionId = (await storeConnection(apiKey, target)) as string;
    // A closing rule deleted the item while `$connect` still ran.
    await deleteConnection(apiKey, target, connectionId, Date.now());
    const closes: { code: number; tries: number }[] = [];
    let tries = 0;
    installConnectionPoster({
      post: async () => 'sent',
      close: async (_id, code) => {
        tries += 1;
        if (tries < 2) return 'gone';
        closes.push({ code, tries });
        return 'sent';
      },
    });
    await greet(connectionId);
    expect(closes).toEqual([{ code: unservedCloseCode, tries: 2 }]);
  });
});
