/** The contracts of the settings domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import { noInput } from '../http/common-schemas';
import { answering, type ContractsOf } from '../http/route-contract';
import type { settingsRoutes } from './routes';
import * as settings from './schemas';
import * as webhookConfigs from './webhook-config-schemas';

export const settingsContracts = {
  'workspace.domains.add': answering(settings.domainsInput, settings.domainsAdded),
  'workspace.domains.delete': answering(settings.domainsInput, settings.domainsRemoved),
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
  'workspace.activityconfig.get': answering(noInput, settings.activityConfigView),
  'workspace.activityconfig.update': answering(
    settings.updateActivityConfigInput,
    settings.activityConfigView,
  ),
  'workspace.notificationconfig.get': answering(noInput, settings.notificationConfig),
  'workspace.notificationconfig.update': answering(
    settings.updateNotificationConfigInput,
    settings.notificationConfig,
  ),
  'workspace.permissionproviderconfig.get': answering(noInput, settings.permissionProviderConfig),
  'workspace.permissionproviderconfig.update': answering(
    settings.updatePermissionProviderConfigInput,
    settings.permissionProviderConfig,
  ),
} as const satisfies ContractsOf<typeof settingsRoutes>;
