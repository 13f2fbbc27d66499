import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import { keys } from '../../../shared/db/keys';
import { measureDbCalls } from '../../../shared/db/metrics';
import { messageHandler } from '../../../shared/realtime/socket-handlers';
import { readAccessStamp } from '../../../shared/sockets/access-repository';
import { framesOf, syncUpdateMessage } from '../../../shared/sockets/broadcast';
import { installConnectionPoster } from '../../../shared/sockets/poster';
import { findConnection, listConnections } from '../../../shared/sockets/repository';
import { callAs, succeed } from '../../support/api';
import { seedDocument, storeConnection } from '../../support/realtime';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { type MigrationQueue, startMigrationQueue } from '../migration/support';

/**
 * `$default` re-checks an open connection's access (addendum §9): at most one small read of the
 * organization's access stamp per window, the erasure fence when the stamp moved, and the erasure
 * job deletes the connections the delete call did not find. Through the real socket handler, with a
 * poster that records what is sent and closed.
 */
jest.setTimeout(60_000);

const windowSeconds = 3600;
process.env.REALTIME_ACCESS_RECHECK_SECONDS = String(windowSeconds);
process.env.ERASE_SETTLE_SECONDS = '0';

let queue: MigrationQueue;
let workspace: TestWorkspace;
const closes: { connectionId: string; code: number }[] = [];

beforeAll(async () => {
  queue = await startMigrationQueue();
  workspace = await createTestWorkspace();
});
afterAll(() => queue.stop());
beforeEach(() => {
  closes.length = 0;
  installConnectionPoster({
    post: async () => 'sent',
    close: async (connectionId, code) => {
      closes.push({ connectionId, code });
      return 'sent';
    },
  });
});
afterEach(() => installConnectionPoster(undefined));

/** A text edit as the one frame a y-websocket client sends for it. */
function editFrame(text: string): string {
  const doc = new Y.Doc();
  doc.getText('content').insert(0, text);
  const [frame] = framesOf(syncUpdateMessage(Y.encodeStateAsUpdate(doc)));
  return frame as string;
}

const send = (connectionId: string, body: string) =>
  messageHandler({ requestContext: { connectionId, routeKey: '$default' }, body });

/** A connection checked longer ago than the window (as after a long session), so its next message re-checks. */
const twoHoursAgo = () => Date.now() - 2 * 60 * 60 * 1000;

/** Whether a DynamoDB call read or wrote the access stamp. */
const onStamp = (input: Record<string, unknown>) =>
  String((input.Key as { pk?: unknown } | undefined)?.pk ?? '').includes('#RTACCESS#');

describe('$default access re-check', () => {
  it('reads the organization’s access stamp at most once per window: projected, eventually consistent', async () => {
    const document = await seedDocument(workspace);
    const room = { ...document, editorId: 'e' };
    const connectionId = await storeConnection(workspace.apiKey, room, { connectedAt: twoHoursAgo() });
    const { stats } = await measureDbCalls(async () => {
      for (const text of ['a', 'b', 'c', 'd', 'e']) await send(connectionId as string, editFrame(text));
    });
    const stampReads = stats.trace.filter((call) => onStamp(call.input));
    expect(stampReads.map((call) => call.command)).toEqual(['GetItem']);
    expect(stampReads[0]?.input).toMatchObject({ ProjectionExpression: 'stamp' });
    expect(stampReads[0]?.input.ConsistentRead).toBeUndefined();
    // A small read: half a read unit, also once a route wrote the stamp.
    await succeed(workspace, 'users.add', {
      organizationId: document.organizationId,
      users: [{ userId: 'x' }],
    });
    const read = await measureDbCalls(() => readAccessStamp(workspace.apiKey, document.organizationId));
    expect(read.result).toEqual(expect.any(String));
    expect(read.stats.capacityUnits).toBe(0.5);
    // Access was not resolved again (no credential read: the stamp had not moved); every edit was stored.
    const credential = keys.apiKeyCredential(workspace.apiKey);
    const readsCredential = (input: Record<string, unknown>) => {
      const key = input.Key as { pk?: unknown; sk?: unknown } | undefined;
      return key?.pk === credential.pk && key?.sk === credential.sk;
    };
    expect(stats.trace.filter((call) => readsCredential(call.input))).toEqual([]);
    const [editor] = await succeed(workspace, 'crdt.get', room);
    expect(String(editor?.data).length).toBe(5);
    expect(closes).toEqual([]);
  });

  it('closes with 4404 a connection to a fenced document at its next message, and stores nothing', async () => {
    const document = await seedDocument(workspace);
    const room = { ...document, editorId: 'e' };
    await succeed(workspace, 'organizations.documents.delete', {
      organizationId: document.organizationId,
      documentIds: [document.documentId],
    });
    // A connection the delete call did not see (its $connect committed beside the delete).
    const connectionId = (await storeConnection(workspace.apiKey, room, {
      connectedAt: twoHoursAgo(),
    })) as string;
    await send(connectionId, editFrame('after the delete'));
    expect(closes).toEqual([{ connectionId, code: 4404 }]);
    expect(await findConnection(connectionId, Date.now())).toBeUndefined();
    expect((await callAs(workspace, 'crdt.get', room)).json.error?.status).toBe('NOT_FOUND');
  });
});

describe('erasure job', () => {
  it('deletes the connection items of an erased document, without a poster', async () => {
    installConnectionPoster(undefined);
    const organizationId = `org-${randomUUID()}`;
    const documentIds = [`doc-${randomUUID()}`, `doc-${randomUUID()}`];
    await succeed(workspace, 'organizations.add', { organizations: [{ organizationId }] });
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      documents: documentIds.map((documentId) => ({ documentId, accessType: 'public' })),
    });
    await succeed(workspace, 'organizations.documents.delete', { organizationId, documentIds });
    const left = await Promise.all(
      documentIds.map((documentId) =>
        storeConnection(workspace.apiKey, { organizationId, documentId, editorId: 'e' }),
      ),
    );
    expect(await listConnections(workspace.apiKey, { organizationId }, Date.now())).toHaveLength(2);
    await queue.drain();
    expect(await listConnections(workspace.apiKey, { organizationId }, Date.now())).toEqual([]);
    for (const connectionId of left)
      expect(await findConnection(connectionId as string, Date.now())).toBeUndefined();
  });
});
