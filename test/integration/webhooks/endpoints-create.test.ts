import { handler as createHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-create';
import { handler as deleteHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-delete';
import { updateAdvancedWebhookConfig } from '../../../shared/settings/webhook-config-service';
import { call, dataOf } from '../../support/lambda';
import { createWebhookWorkspace } from '../../support/webhooks';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

const create = (workspace: TestWorkspace, data: unknown) =>
  call(createHandler, { headers: workspace.apiKeyHeaders, data });

const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('workspace.advancedwebhook.endpoints.create', () => {
  it('returns the endpoint with a service id, explicit nulls and ISO timestamps, in one write', async () => {
    const workspace = await createWebhookWorkspace();
    const response = await create(workspace, { url: 'https://hooks.example.com/a' });
    expect(response.statusCode).toBe(200);
    const endpoint = dataOf(response);
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^ep_[0-9a-z]{26}$/),
      url: 'https://hooks.example.com/a',
      description: '',
      filterTypes: null,
      channels: null,
      disabled: false,
      rateLimit: null,
      uid: null,
      metadata: {},
      createdAt: expect.stringMatching(iso),
      updatedAt: expect.stringMatching(iso),
    });
    expect(endpoint).not.toHaveProperty('secret');
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'TransactWriteItems']);
    // The enabled check (config read) starts together with the auth read.
    expect(response.db.serialRoundTrips).toBe(2);
  });

  it('stores every given field and returns metadata as sent', async () => {
    const workspace = await createWebhookWorkspace();
    const data = {
      url: 'http://hooks.example.com/b',
      description: 'Orders',
      filterTypes: ['comment.add', 'comment.update'],
      channels: ['org.acme'],
      disabled: true,
      rateLimit: 20,
      uid: 'orders',
      metadata: { team: 'billing', tier: 'gold' },
    };
    const response = await create(workspace, data);
    const { url, description, filterTypes, channels, disabled, rateLimit, uid, metadata } = dataOf(response);
    expect({ url, description, filterTypes, channels, disabled, rateLimit, uid, metadata }).toEqual(data);
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'TransactWriteItems']);
    // The enabled check (config read) starts together with the auth read.
    expect(response.db.serialRoundTrips).toBe(2);
  });

  it('refuses a uid already used by the API key with ALREADY_EXISTS, and frees it on delete', async () => {
    const workspace = await createWebhookWorkspace();
    const first = dataOf(await create(workspace, { url: 'https://a.example.com', uid: 'u#1' }));
    const duplicate = await create(workspace, { url: 'https://b.example.com', uid: 'u#1' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json.error?.status).toBe('ALREADY_EXISTS');
    await call(deleteHandler, { headers: workspace.apiKeyHeaders, data: { endpointId: first.id } });
    expect((await create(workspace, { url: 'https://b.example.com', uid: 'u#1' })).statusCode).toBe(200);
  });

  it('lets different API keys use the same uid', async () => {
    const [mine, theirs] = await Promise.all([createWebhookWorkspace(), createWebhookWorkspace()]);
    expect((await create(mine, { url: 'https://a.example.com', uid: 'shared' })).statusCode).toBe(200);
    expect((await create(theirs, { url: 'https://a.example.com', uid: 'shared' })).statusCode).toBe(200);
  });

  it('answers FAILED_PRECONDITION, saying how to enable, while advanced webhooks are not enabled', async () => {
    const never = await createTestWorkspace();
    const disabled = await createWebhookWorkspace();
    await updateAdvancedWebhookConfig(disabled.apiKey, { isEnabled: false });
    for (const workspace of [never, disabled]) {
      const response = await create(workspace, { url: 'https://a.example.com' });
      expect(response.statusCode).toBe(400);
      expect(response.json.error?.status).toBe('FAILED_PRECONDITION');
      expect(response.json.error?.message).toContain(
        'send { isEnabled: true } to /v2/workspace/advancedwebhookconfig/update',
      );
    }
  });

  it.each([
    ['a missing url', {}, 'url: required'],
    ['a non-http url', { url: 'ftp://example.com' }, 'url: must be an http(s) URL'],
    ['a bare word url', { url: 'hooks' }, 'url: must be an http(s) URL'],
    ['a secret', { url: 'https://a.example.com', secret: 'whsec_x' }, 'secret: unknown field secret'],
    [
      'empty filterTypes',
      { url: 'https://a.example.com', filterTypes: [] },
      'filterTypes: Too small: expected array to have >=1 items',
    ],
    [
      'empty channels',
      { url: 'https://a.example.com', channels: [] },
      'channels: Too small: expected array to have >=1 items',
    ],
    [
      'a zero rateLimit',
      { url: 'https://a.example.com', rateLimit: 0 },
      'rateLimit: Too small: expected number to be >0',
    ],
    [
      'a fractional rateLimit',
      { url: 'https://a.example.com', rateLimit: 1.5 },
      'rateLimit: Invalid input: expected int, received number',
    ],
    [
      'a non-string metadata value',
      { url: 'https://a.example.com', metadata: { a: 1 } },
      'metadata.a: Invalid input: expected string, received number',
    ],
  ])('refuses %s with INVALID_ARGUMENT naming the field', async (_label, data, message) => {
    const workspace = await createWebhookWorkspace();
    const response = await create(workspace, data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });

  it('accepts null filterTypes and channels as "all"', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = dataOf(
      await create(workspace, { url: 'https://a.example.com', filterTypes: null, channels: null }),
    );
    expect(endpoint).toMatchObject({ filterTypes: null, channels: null });
  });
});
