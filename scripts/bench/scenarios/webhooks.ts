import { type ApiKeyClient, type Area, apiKeyClient, createWorkspace } from './types';

/** A key with advanced webhooks enabled and a page's worth of endpoints. */
export interface WebhooksFixture {
  api: ApiKeyClient;
  /** The endpoint update and the secret routes work on (one of the seeded ones). */
  target: string;
  /** Endpoints `prepare` created for the delete request of the same index. */
  doomed: Map<number, string>;
}

/** More than a default page (50), so the list answers a full page with an iterator. */
const seededEndpoints = 60;

const endpointBody = (label: string) => ({
  url: `https://hooks.example.com/bench/${label}`,
  description: `Bench endpoint ${label}`,
  filterTypes: ['comment.add', 'comment.update'],
});

async function createEndpoint(api: ApiKeyClient, label: string): Promise<string> {
  return (await api.call<{ id: string }>('workspace.advancedwebhook.endpoints.create', endpointBody(label)))
    .id;
}

export const webhooksArea: Area<WebhooksFixture> = {
  name: 'webhooks',
  async seed(context) {
    const { apiKey } = await createWorkspace(context, 'webhooks');
    const api = apiKeyClient(context.url, apiKey);
    await api.call('workspace.advancedwebhookconfig.update', { isEnabled: true });
    let target: string | undefined;
    for (let index = 0; index < seededEndpoints; index += 1) {
      const id = await createEndpoint(api, `seed-${index}`);
      target ??= id;
    }
    if (!target) throw new Error('no endpoint was seeded');
    return { api, target, doomed: new Map() };
  },
  scenarios: {
    'workspace.advancedwebhook.endpoints.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: {} }),
    },
    'workspace.advancedwebhook.endpoints.create': {
      request: (fixture, index) => ({ headers: fixture.api.headers, data: endpointBody(`created-${index}`) }),
    },
    'workspace.advancedwebhook.endpoints.update': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { endpointId: fixture.target, disabled: index % 2 === 1 },
      }),
    },
    'workspace.advancedwebhook.endpoints.delete': {
      prepare: async (fixture, index) => {
        fixture.doomed.set(index, await createEndpoint(fixture.api, `doomed-${index}`));
      },
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { endpointId: fixture.doomed.get(index) ?? 'missing' },
      }),
    },
    'workspace.advancedwebhook.endpoints.secret.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { endpointId: fixture.target } }),
    },
    'workspace.advancedwebhook.endpoints.secret.rotate': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { endpointId: fixture.target } }),
    },
  },
};
