import { type ApiKeyClient, type Area, apiKeyClient, createApiKey, createWorkspace, ids } from './types';

/** Two keys of one workspace: one holding every config, one holding allowed domains. */
export interface SettingsFixture {
  /** Every config stored (sealed) by the seed, so the gets decrypt a real document. */
  configs: ApiKeyClient;
  /** Its own key: every request of a key reads its domain list, so its size must not leak elsewhere. */
  domains: ApiKeyClient;
}

/** Allowed domains a key holds throughout the run (plus at most one a scenario is adding). */
const seededDomains = ids('seed-', 10).map((label) => `${label}.bench.example.com`);

const addedDomain = (index: number) => `added-${index}.bench.example.com`;
const removedDomain = (index: number) => `removed-${index}.bench.example.com`;

export const settingsArea: Area<SettingsFixture> = {
  name: 'settings',
  async seed(context) {
    const { workspace, apiKey } = await createWorkspace(context, 'settings');
    const configs = apiKeyClient(context.url, apiKey);
    const domains = apiKeyClient(context.url, await createApiKey(context, workspace, 'Bench domains'));
    await domains.call('workspace.domains.add', { domains: seededDomains });
    await configs.call('workspace.webhookconfig.update', {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'bench-webhook-token',
        rawNotificationUrl: 'https://hooks.example.com/raw',
        processedNotificationUrl: 'https://hooks.example.com/processed',
      },
    });
    await configs.call('workspace.advancedwebhookconfig.update', { isEnabled: true });
    await configs.call('workspace.activityconfig.update', { activityServiceConfig: { isEnabled: true } });
    await configs.call('workspace.notificationconfig.update', { digest: { isEnabled: true } });
    await configs.call('workspace.permissionproviderconfig.update', {
      usePermissionProvider: false,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://permissions.example.com/check',
        authToken: 'bench-provider-token',
      },
    });
    return { configs, domains };
  },
  scenarios: {
    'workspace.domains.add': {
      // Removes the previous request's domain first, so the list stays at the seeded size.
      prepare: async (fixture, index) => {
        if (index > 0)
          await fixture.domains.call('workspace.domains.delete', { domains: [addedDomain(index - 1)] });
      },
      request: (fixture, index) => ({
        headers: fixture.domains.headers,
        data: { domains: [addedDomain(index)] },
      }),
    },
    'workspace.domains.delete': {
      prepare: (fixture, index) =>
        fixture.domains.call('workspace.domains.add', { domains: [removedDomain(index)] }),
      request: (fixture, index) => ({
        headers: fixture.domains.headers,
        data: { domains: [removedDomain(index)] },
      }),
    },
    'workspace.webhookconfig.get': {
      request: (fixture) => ({ headers: fixture.configs.headers, data: {} }),
    },
    'workspace.webhookconfig.update': {
      request: (fixture, index) => ({
        headers: fixture.configs.headers,
        data: { webhookServiceConfig: { encodeData: index % 2 === 0 } },
      }),
    },
    'workspace.advancedwebhookconfig.get': {
      request: (fixture) => ({ headers: fixture.configs.headers, data: {} }),
    },
    'workspace.advancedwebhookconfig.update': {
      // Only toggles encodeData: the seed enabled advanced webhooks and they stay enabled.
      request: (fixture, index) => ({
        headers: fixture.configs.headers,
        data: { encodeData: index % 2 === 0 },
      }),
    },
    'workspace.activityconfig.get': {
      request: (fixture) => ({ headers: fixture.configs.headers, data: {} }),
    },
    'workspace.activityconfig.update': {
      request: (fixture, index) => ({
        headers: fixture.configs.headers,
        data: { activityServiceConfig: { triggers: { comment: { reactionAdded: index % 2 === 0 } } } },
      }),
    },
    'workspace.notificationconfig.get': {
      request: (fixture) => ({ headers: fixture.configs.headers, data: {} }),
    },
    'workspace.notificationconfig.update': {
      request: (fixture, index) => ({
        headers: fixture.configs.headers,
        data: { digest: { maxItems: 10 + (index % 2) } },
      }),
    },
    'workspace.permissionproviderconfig.get': {
      request: (fixture) => ({ headers: fixture.configs.headers, data: {} }),
    },
    'workspace.permissionproviderconfig.update': {
      // Toggles the switch on a key no permission lookup uses (its URL is not a real provider).
      request: (fixture, index) => ({
        headers: fixture.configs.headers,
        data: { usePermissionProvider: index % 2 === 0 },
      }),
    },
  },
};
