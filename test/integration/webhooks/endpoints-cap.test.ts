import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { handler as createHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-create';
import { handler as deleteHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-delete';
import { handler as listHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-get';
import { db } from '../../../shared/db/client';
import { call, dataOf } from '../../support/lambda';
import { createWebhookWorkspace } from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';

// A deployment's own cap (default 50), small so that the test reaches it quickly.
process.env.MAX_WEBHOOK_ENDPOINTS_PER_API_KEY = '5';

const create = (workspace: TestWorkspace, data: Record<string, unknown> = {}) =>
  call(createHandler, {
    headers: workspace.apiKeyHeaders,
    data: { url: 'https://hooks.example.com/cap', ...data },
  });
const remove = (workspace: TestWorkspace, endpointId: string) =>
  call(deleteHandler, { headers: workspace.apiKeyHeaders, data: { endpointId } });
const listed = async (workspace: TestWorkspace) =>
  dataOf(await call(listHandler, { headers: workspace.apiKeyHeaders, data: { limit: 250 } })).endpoints
    .length;

describe('workspace.advancedwebhook.endpoints.create at the per-API-key cap', () => {
  it('lets exactly 5 of 20 parallel creates through; the rest are RESOURCE_EXHAUSTED with Retry-After', async () => {
    const workspace = await createWebhookWorkspace();
    const responses = await Promise.all(Array.from({ length: 20 }, () => create(workspace)));
    const created = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const response of refused) {
      expect(response.statusCode).toBe(429);
      expect(response.json.error?.status).toBe('RESOURCE_EXHAUSTED');
      expect(response.json.error?.message).toContain('at most 5 webhook endpoints');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await listed(workspace)).toBe(5);
  });

  it('frees a place when an endpoint is deleted, and only then', async () => {
    const workspace = await createWebhookWorkspace();
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(dataOf(await create(workspace)).id);
    expect((await create(workspace)).statusCode).toBe(429);
    const removed = await remove(workspace, ids[0] as string);
    expect(removed.statusCode).toBe(200);
    // The enabled check and the endpoint read travel with the auth read (prefetch), then the delete.
    expect(removed.db.commands).toEqual(['GetItem', 'GetItem', 'GetItem', 'TransactWriteItems']);
    expect(removed.db.serialRoundTrips).toBe(2);
    // Deleting a missing endpoint gives nothing back.
    expect((await remove(workspace, ids[0] as string)).statusCode).toBe(404);
    expect((await create(workspace)).statusCode).toBe(200);
    expect((await create(workspace)).statusCode).toBe(429);
    expect(await listed(workspace)).toBe(5);
  });

  it('counts no place for a create refused for its uid or URL', async () => {
    const workspace = await createWebhookWorkspace();
    expect((await create(workspace, { uid: 'one' })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await create(workspace, { uid: 'one' })).json.error?.status).toBe('ALREADY_EXISTS');
      expect((await create(workspace, { url: 'http://10.0.0.1/' })).json.error?.status).toBe(
        'INVALID_ARGUMENT',
      );
    }
    for (let index = 0; index < 4; index += 1) expect((await create(workspace)).statusCode).toBe(200);
    expect((await create(workspace)).statusCode).toBe(429);
  });

  it('counts each API key on its own', async () => {
    const [full, other] = await Promise.all([createWebhookWorkspace(), createWebhookWorkspace()]);
    await Promise.all(Array.from({ length: 5 }, () => create(full)));
    expect((await create(full)).statusCode).toBe(429);
    expect((await create(other)).statusCode).toBe(200);
  });

  it('retries a create cancelled by a concurrent transaction on the count', async () => {
    const workspace = await createWebhookWorkspace();
    const client = db();
    const send = client.send.bind(client);
    let conflicts = 2;
    jest.spyOn(client, 'send').mockImplementation(((command: unknown) => {
      if (command instanceof TransactWriteCommand && conflicts > 0) {
        conflicts -= 1;
        throw new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata: {},
          CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
        });
      }
      return send(command as never);
    }) as never);
    const response = await create(workspace);
    jest.restoreAllMocks();
    expect(response.statusCode).toBe(200);
    expect(conflicts).toBe(0);
    expect(await listed(workspace)).toBe(1);
  });
});
