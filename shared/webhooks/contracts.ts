/** The contracts of the webhooks domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import { noInput } from '../http/common-schemas';
import { acknowledging, answering, type ContractsOf } from '../http/route-contract';
import * as webhookConfigs from './config-schemas';
import * as endpoints from './endpoint-schemas';
import * as messages from './message-schemas';
import type { webhookConfigRoutes, webhookEndpointRoutes } from './routes';

export const webhooksContracts = {
  'workspace.webhookconfig.get': answering(noInput, webhookConfigs.webhookConfig),
  'workspace.webhookconfig.update': answering(
    webhookConfigs.updateWebhookConfigInput,
    webhookConfigs.webhookConfig,
  ),
  'workspace.advancedwebhookconfig.get': answering(noInput, webhookConfigs.advancedWebhookConfig),
  'workspace.advancedwebhookconfig.update': answering(
    webhookConfigs.updateAdvancedWebhookConfigInput,
    webhookConfigs.advancedWebhookConfig,
  ),
  'workspace.advancedwebhook.endpoints.get': answering(endpoints.listEndpointsInput, endpoints.endpointPage),
  'workspace.advancedwebhook.endpoints.create': answering(
    endpoints.createEndpointInput,
    endpoints.endpointView,
  ),
  'workspace.advancedwebhook.endpoints.update': answering(
    endpoints.updateEndpointInput,
    endpoints.endpointView,
  ),
  'workspace.advancedwebhook.endpoints.delete': acknowledging(endpoints.endpointIdInput),
  'workspace.advancedwebhook.endpoints.secret.get': answering(
    endpoints.endpointIdInput,
    endpoints.endpointSecretView,
  ),
  'workspace.advancedwebhook.endpoints.secret.rotate': answering(
    endpoints.endpointIdInput,
    endpoints.endpointSecretView,
  ),
  'workspace.advancedwebhook.endpoints.messages.get': answering(
    messages.listMessagesInput,
    messages.endpointMessagePage,
  ),
  'workspace.advancedwebhook.endpoints.messages.replay': answering(
    messages.replayMessageInput,
    messages.endpointMessageView,
  ),
  'workspace.webhooks.test': answering(messages.testWebhookInput, messages.testEventView),
} as const satisfies ContractsOf<typeof webhookConfigRoutes | typeof webhookEndpointRoutes>;
