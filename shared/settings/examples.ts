/** One example call per route of the settings domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { answer } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { settingsContracts } from './contracts';

const webhookServiceConfig = {
  authToken: 'whk_auth_1',
  rawNotificationUrl: 'https://hooks.example.com/raw',
  processedNotificationUrl: 'https://hooks.example.com/processed',
  encodeData: false,
  encryptData: false,
  publicKey: '',
  enableDataProtection: false,
  triggers: { 'comment.added': true },
};
const permissionProvider = {
  usePermissionProvider: true,
  permissionProviderConfig: { permissionProviderUrl: 'https://auth.example.com/check', authToken: 'pp_1' },
};
const advancedWebhookConfig = {
  isEnabled: true,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
  messageRetentionDays: 30,
};

export const settingsExamples = {
  'workspace.domains.add': {
    request: { domains: ['docs.example.com'] },
    response: answer('Domains added.', { domainsAdded: ['docs.example.com'] }),
  },
  'workspace.domains.delete': {
    request: { domains: ['docs.example.com'] },
    response: answer('Domains removed.', { domainsRemoved: ['docs.example.com'] }),
  },
  'workspace.webhookconfig.get': {
    request: {},
    response: answer('Webhook config retrieved.', { useWebhookService: true, webhookServiceConfig }),
  },
  'workspace.webhookconfig.update': {
    request: { useWebhookService: true, webhookServiceConfig: { triggers: { 'comment.added': true } } },
    response: answer('Webhook config updated.', { useWebhookService: true, webhookServiceConfig }),
  },
  'workspace.advancedwebhookconfig.get': {
    request: {},
    response: answer('Advanced webhook config retrieved.', advancedWebhookConfig),
  },
  'workspace.advancedwebhookconfig.update': {
    request: { isEnabled: true },
    response: answer('Advanced webhook config updated.', advancedWebhookConfig),
  },
  'workspace.activityconfig.get': {
    request: {},
    response: answer('Activity config retrieved.', {
      activityServiceConfig: { isEnabled: true, immutable: false },
    }),
  },
  'workspace.activityconfig.update': {
    request: { activityServiceConfig: { isEnabled: true, triggers: { comment: { added: true } } } },
    response: answer('Activity config updated.', {
      activityServiceConfig: { isEnabled: true, triggers: { comment: { added: true } } },
    }),
  },
  'workspace.notificationconfig.get': {
    request: {},
    response: answer('Notification config retrieved.', {
      digest: { isEnabled: false, delayMinutes: 30, maxItems: 20 },
    }),
  },
  'workspace.notificationconfig.update': {
    request: { digest: { isEnabled: true, delayMinutes: 60 } },
    response: answer('Notification config updated.', {
      digest: { isEnabled: true, delayMinutes: 60, maxItems: 20 },
    }),
  },
  'workspace.permissionproviderconfig.get': {
    request: {},
    response: answer('Permission provider config retrieved.', permissionProvider),
  },
  'workspace.permissionproviderconfig.update': {
    request: permissionProvider,
    response: answer('Permission provider config updated.', permissionProvider),
  },
} satisfies ExamplesOf<typeof settingsContracts>;
