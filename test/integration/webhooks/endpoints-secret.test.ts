import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { handler as deleteHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-delete';
import { handler as listHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-get';
import { handler as getSecretHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-secret-get';
import { handler as rotateHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-secret-rotate';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { updateAdvancedWebhookConfig } from '../../../shared/settings/webhook-config-service';
import { findEndpoint } from '../../../shared/webhooks/endpoint-repository';
import { createEndpoint } from '../../../shared/webhooks/endpoint-service';
import { signingSecrets } from '../../../shared/webhooks/signing-secrets';
import { call, dataOf } from '../../support/lambda';
import { createWebhookWorkspace } from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';

const byId = (handler: unknown, workspace: TestWorkspace, endpointId: string) =>
  call(handler, { headers: workspace.apiKeyHeaders, data: { endpointId } });
const seed = (workspace: TestWorkspace) =>
  createEndpoint(workspace.apiKey, { url: 'https://hooks.example.com' });

/** `whsec_` + standard base64 of 24 bytes (32 characters, no padding). */
const secretFormat = /^whsec_[A-Za-z0-9+/]{32}$/;

describe('workspace.advancedwebhook.endpoints.secret.get', () => {
  it('shows a service-generated secret that is stored only encrypted', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await seed(workspace);
    const response = await byId(getSecretHandler, workspace, endpoint.id);
    const { endpointId, secret } = dataOf(response);
    expect(endpointId).toBe(endpoint.id);
    expect(secret).toMatch(secretFormat);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.webhookEndpoint(workspace.apiKey, endpoint.id) }),
    );
    expect(JSON.stringify(Item)).not.toContain(secret.slice(6));
    expect(response.db.calls).toBe(3);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it("answers NOT_FOUND for another API key's endpoint", async () => {
    const [mine, theirs] = await Promise.all([createWebhookWorkspace(), createWebhookWorkspace()]);
    const foreign = await seed(theirs);
    expect((await byId(getSecretHandler, mine, foreign.id)).json.error?.status).toBe('NOT_FOUND');
    expect((await byId(rotateHandler, mine, foreign.id)).json.error?.status).toBe('NOT_FOUND');
  });

  it('answers FAILED_PRECONDITION while advanced webhooks are disabled', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await seed(workspace);
    await updateAdvancedWebhookConfig(workspace.apiKey, { isEnabled: false });
    expect((await byId(getSecretHandler, workspace, endpoint.id)).json.error?.status).toBe(
      'FAILED_PRECONDITION',
    );
    expect((await byId(rotateHandler, workspace, endpoint.id)).json.error?.status).toBe(
      'FAILED_PRECONDITION',
    );
  });

  it('refuses a missing endpointId with INVALID_ARGUMENT', async () => {
    const workspace = await createWebhookWorkspace();
    const response = await call(getSecretHandler, { headers: workspace.apiKeyHeaders, data: {} });
    expect(response.json.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'endpointId: required',
    });
  });
});

describe('workspace.advancedwebhook.endpoints.secret.rotate', () => {
  it('returns a new secret, shown from then on, and keeps the previous one signing', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await seed(workspace);
    const before = dataOf(await byId(getSecretHandler, workspace, endpoint.id)).secret;
    const response = await byId(rotateHandler, workspace, endpoint.id);
    const rotated = dataOf(response).secret;
    expect(rotated).toMatch(secretFormat);
    expect(rotated).not.toBe(before);
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'UpdateItem']);
    expect(response.db.serialRoundTrips).toBe(2);
    expect(dataOf(await byId(getSecretHandler, workspace, endpoint.id)).secret).toBe(rotated);
    const stored = await findEndpoint(workspace.apiKey, endpoint.id);
    expect(signingSecrets(workspace.apiKey, stored!)).toEqual([rotated, before]);
    expect(signingSecrets(workspace.apiKey, stored!, Date.now() + 24 * 60 * 60 * 1000 + 1)).toEqual([
      rotated,
    ]);
  });
});

describe('workspace.advancedwebhook.endpoints.delete', () => {
  it('deletes the endpoint so it is no longer listed or found', async () => {
    const workspace = await createWebhookWorkspace();
    const [kept, deleted] = await Promise.all([seed(workspace), seed(workspace)]);
    const response = await byId(deleteHandler, workspace, deleted.id);
    expect(response.statusCode).toBe(200);
    expect(response.json.result).toEqual({ status: 'success', message: 'Endpoint deleted.' });
    const listed = dataOf(await call(listHandler, { headers: workspace.apiKeyHeaders })).endpoints;
    expect(listed.map((endpoint: { id: string }) => endpoint.id)).toEqual([kept.id]);
    expect((await byId(deleteHandler, workspace, deleted.id)).json.error?.status).toBe('NOT_FOUND');
  });

  it("answers NOT_FOUND for another API key's endpoint and leaves it in place", async () => {
    const [mine, theirs] = await Promise.all([createWebhookWorkspace(), createWebhookWorkspace()]);
    const foreign = await seed(theirs);
    expect((await byId(deleteHandler, mine, foreign.id)).statusCode).toBe(404);
    expect(await findEndpoint(theirs.apiKey, foreign.id)).toBeDefined();
  });
});
