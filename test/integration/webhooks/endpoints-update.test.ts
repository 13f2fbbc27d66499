import { handler as updateHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-update';
import { updateAdvancedWebhookConfig } from '../../../shared/settings/webhook-config-service';
import { createEndpoint } from '../../../shared/webhooks/endpoint-service';
import { call, dataOf } from '../../support/lambda';
import { createWebhookWorkspace } from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';

const update = (workspace: TestWorkspace, data: unknown) =>
  call(updateHandler, { headers: workspace.apiKeyHeaders, data });

const seed = (workspace: TestWorkspace) =>
  createEndpoint(workspace.apiKey, {
    url: 'https://hooks.example.com/a',
    description: 'first',
    filterTypes: ['comment.add'],
    rateLimit: 5,
    uid: 'a',
    metadata: { team: 'x' },
  });

describe('workspace.advancedwebhook.endpoints.update', () => {
  it('changes only the fields sent and returns the post-write state with one conditional transaction', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await seed(workspace);
    const response = await update(workspace, {
      endpointId: endpoint.id,
      disabled: true,
      channels: ['doc.1'],
    });
    const updated = dataOf(response);
    expect(updated).toEqual({
      ...endpoint,
      disabled: true,
      channels: ['doc.1'],
      updatedAt: expect.any(String),
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(endpoint.updatedAt));
    // Auth, config and the endpoint read together; then the conditional write with its event.
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'GetItem', 'TransactWriteItems']);
    expect(response.db.serialRoundTrips).toBe(2);
  });

  it('clears filterTypes and rateLimit with null and replaces metadata whole', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await seed(workspace);
    const updated = dataOf(
      await update(workspace, {
        endpointId: endpoint.id,
        filterTypes: null,
        rateLimit: null,
        metadata: { a: 'b' },
      }),
    );
    expect(updated).toMatchObject({ filterTypes: null, rateLimit: null, metadata: { a: 'b' }, uid: 'a' });
  });

  it("answers NOT_FOUND for an unknown id and for another API key's endpoint", async () => {
    const [mine, theirs] = await Promise.all([createWebhookWorkspace(), createWebhookWorkspace()]);
    const foreign = await seed(theirs);
    for (const endpointId of [foreign.id, 'ep_nope']) {
      const response = await update(mine, { endpointId, disabled: true });
      expect(response.statusCode).toBe(404);
      expect(response.json.error?.status).toBe('NOT_FOUND');
    }
    expect(dataOf(await update(theirs, { endpointId: foreign.id, description: 'still mine' })).disabled).toBe(
      false,
    );
  });

  it.each([
    ['only endpointId', { endpointId: 'ep_x' }, 'data: send at least one field besides endpointId'],
    ['a missing endpointId', { disabled: true }, 'endpointId: required'],
    [
      'a uid',
      { endpointId: 'ep_x', uid: 'b' },
      'uid: unknown field uid; data: send at least one field besides endpointId',
    ],
    ['an invalid url', { endpointId: 'ep_x', url: 'not a url' }, 'url: must be an http(s) URL'],
    [
      'empty filterTypes',
      { endpointId: 'ep_x', filterTypes: [] },
      'filterTypes: Too small: expected array to have >=1 items',
    ],
    [
      'a negative rateLimit',
      { endpointId: 'ep_x', rateLimit: -1 },
      'rateLimit: Too small: expected number to be >0',
    ],
  ])('refuses %s with INVALID_ARGUMENT naming the field', async (_label, data, message) => {
    const workspace = await createWebhookWorkspace();
    const response = await update(workspace, data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });

  it('answers FAILED_PRECONDITION once advanced webhooks are disabled', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await seed(workspace);
    await updateAdvancedWebhookConfig(workspace.apiKey, { isEnabled: false });
    const response = await update(workspace, { endpointId: endpoint.id, disabled: true });
    expect(response.json.error?.status).toBe('FAILED_PRECONDITION');
  });
});
