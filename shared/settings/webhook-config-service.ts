import { assertAllowedTargetUrl } from '../security/outbound-http';
import type { VersionedConfig } from './repository';
import { type ConfigType, parseConfig, readConfig, updateConfig } from './service';
import {
  defaultAdvancedWebhookConfig,
  defaultWebhookConfig,
  mergeAdvancedWebhookConfig,
  mergeWebhookConfig,
} from './webhook-config-merge';
import {
  type AdvancedWebhookConfig,
  advancedWebhookConfig,
  type UpdateAdvancedWebhookConfig,
  type UpdateWebhookConfig,
  type WebhookConfig,
  webhookConfig,
} from './webhook-config-schemas';

const webhookConfigType: ConfigType<WebhookConfig> = {
  kind: 'webhook',
  schema: webhookConfig,
  defaults: defaultWebhookConfig,
};

const advancedWebhookConfigType: ConfigType<AdvancedWebhookConfig> = {
  kind: 'advancedWebhook',
  schema: advancedWebhookConfig,
  defaults: defaultAdvancedWebhookConfig,
};

/** The basic-webhook config from a stored item read elsewhere (a batch read); defaults when absent. */
export const webhookConfigFrom = (stored: VersionedConfig | undefined): WebhookConfig =>
  parseConfig(webhookConfigType, stored);

/** The advanced-webhook config from a stored item read elsewhere (a batch read); defaults when absent. */
export const advancedWebhookConfigFrom = (stored: VersionedConfig | undefined): AdvancedWebhookConfig =>
  parseConfig(advancedWebhookConfigType, stored);

/** The basic-webhook config (defaults when never configured): one read. */
export const getWebhookConfig = (apiKey: string): Promise<WebhookConfig> =>
  readConfig(apiKey, webhookConfigType);

/**
 * Partially updates the basic-webhook config; the first enable seeds the default triggers. Throws
 * INVALID_ARGUMENT when a notification URL targets a private address (SSRF).
 */
export async function updateWebhookConfig(
  apiKey: string,
  update: UpdateWebhookConfig,
  firstRead?: Promise<VersionedConfig | undefined>,
) {
  const urls = update.webhookServiceConfig;
  await Promise.all([
    assertAllowedTargetUrl('webhookServiceConfig.rawNotificationUrl', urls?.rawNotificationUrl),
    assertAllowedTargetUrl('webhookServiceConfig.processedNotificationUrl', urls?.processedNotificationUrl),
  ]);
  return updateConfig(apiKey, webhookConfigType, (stored) => mergeWebhookConfig(stored, update), firstRead);
}

/** The advanced-webhook config (defaults when never configured): one read. */
export const getAdvancedWebhookConfig = (apiKey: string): Promise<AdvancedWebhookConfig> =>
  readConfig(apiKey, advancedWebhookConfigType);

/** Partially updates the advanced-webhook config. Throws FAILED_PRECONDITION when a first update does not enable. */
export const updateAdvancedWebhookConfig = (
  apiKey: string,
  update: UpdateAdvancedWebhookConfig,
  firstRead?: Promise<VersionedConfig | undefined>,
) =>
  updateConfig(
    apiKey,
    advancedWebhookConfigType,
    (stored) => mergeAdvancedWebhookConfig(stored, update),
    firstRead,
  );
