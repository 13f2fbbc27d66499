import { randomUUID } from 'node:crypto';
import { listConnections } from '../../../shared/sockets/repository';
import { succeed } from '../../support/api';
import { storeConnection } from '../../support/realtime';
import { type Receiver, startReceiver } from '../../support/receiver';
import { seedDocument } from '../migration/support';
import { useJobQueueAndWorkspaces } from './support';

/**
 * The erasure job closes a deleted document's connections through the WebSocket management API
 * when `REALTIME_ENDPOINT` is set, as the stack sets it on the `document-migration` worker
 * (decisions §61). The management API is a real HTTP server on 127.0.0.1 standing in for API
 * Gateway's `@connections` endpoint; no poster is installed, so the process uses the AWS one.
 */
jest.setTimeout(60_000);

let management: Receiver;
// Before the environment is first read (the workspaces below read it).
beforeAll(async () => {
  management = await startReceiver();
  process.env.REALTIME_ENDPOINT = `${management.url}test`;
});
afterAll(() => management.close());
const setup = useJobQueueAndWorkspaces();

describe('erasure of a deleted document', () => {
  it('closes a connection made beside the delete with 4404 through the management API and deletes it', async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentId = `doc-${randomUUID()}`;
    const { apiKey } = setup.workspace;
    await seedDocument(setup.workspace, organizationId, documentId);
    await succeed(setup.workspace, 'organizations.documents.delete', {
      organizationId,
      documentIds: [documentId],
    });
    // A `$connect` that committed beside the delete: the call's own close did not see it.
    const room = { organizationId, documentId, editorId: 'editor-1' };
    const connectionId = await storeConnection(apiKey, room);
    const before = management.received.length;

    await setup.queue.drain();

    const requests = management.received
      .slice(before)
      .map(({ method, url, body }) => ({ method, url, body }));
    expect(requests).toEqual([
      {
        method: 'POST',
        url: `/test/@connections/${connectionId}`,
        body: { type: 'close', code: 4404, reason: 'The document was deleted.' },
      },
      { method: 'DELETE', url: `/test/@connections/${connectionId}`, body: '' },
    ]);
    expect(await listConnections(apiKey, { organizationId, documentId }, Date.now())).toEqual([]);
  });
});
