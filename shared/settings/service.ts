import { setTimeout as sleep } from 'node:timers/promises';
import type * as z from 'zod';
import type { ConfigKind } from '../db/keys';
import { ApiError } from '../http/errors';
import { assertAllowedTargetUrl } from '../security/outbound-http';
import {
  defaultActivityConfig,
  defaultAdvancedWebhookConfig,
  defaultPermissionProviderConfig,
  defaultWebhookConfig,
  mergeActivityConfig,
  mergeAdvancedWebhookConfig,
  mergePermissionProviderConfig,
  mergeWebhookConfig,
} from './merge';
import {
  addAllowedDomains,
  findConfig,
  putConfigIfUnchanged,
  removeAllowedDomains,
  type VersionedConfig,
} from './repository';
import {
  type ActivityConfig,
  type AdvancedWebhookConfig,
  activityConfig,
  advancedWebhookConfig,
  type PermissionProviderConfig,
  permissionProviderConfig,
  type UpdateActivityConfig,
  type UpdateAdvancedWebhookConfig,
  type UpdatePermissionProviderConfig,
  type UpdateWebhookConfig,
  type WebhookConfig,
  webhookConfig,
} from './schemas';

/** Read-merge-write rounds before a config update gives up under contention. */
const maxUpdateAttempts = 30;

interface ConfigType<T> {
  kind: ConfigKind;
  schema: z.ZodType<T>;
  defaults: T;
  /** Settings copied onto the API key's credential, which authentication reads on every request. */
  credentialFlags?(config: T): Record<string, unknown>;
}

const configTypes = {
  webhook: { kind: 'webhook', schema: webhookConfig, defaults: defaultWebhookConfig },
  advancedWebhook: {
    kind: 'advancedWebhook',
    schema: advancedWebhookConfig,
    defaults: defaultAdvancedWebhookConfig,
  },
  activity: { kind: 'activity', schema: activityConfig, defaults: defaultActivityConfig },
  permissionProvider: {
    kind: 'permissionProvider',
    schema: permissionProviderConfig,
    defaults: defaultPermissionProviderConfig,
    // Lets permission checks skip reading this config while the provider is off (the usual case).
    credentialFlags: (config: PermissionProviderConfig) => ({
      usesPermissionProvider: config.usePermissionProvider,
    }),
  },
} satisfies { [Kind in ConfigKind]: ConfigType<unknown> };

const parseConfig = <T>(type: ConfigType<T>, stored: VersionedConfig | undefined): T =>
  stored ? type.schema.parse(stored.document) : type.defaults;

async function readConfig<T>(apiKey: string, type: ConfigType<T>): Promise<T> {
  return parseConfig(type, await findConfig(apiKey, type.kind));
}

/** The basic-webhook config from a stored item read elsewhere (a batch read); defaults when absent. */
export const webhookConfigFrom = (stored: VersionedConfig | undefined): WebhookConfig =>
  parseConfig(configTypes.webhook, stored);

/** The advanced-webhook config from a stored item read elsewhere (a batch read); defaults when absent. */
export const advancedWebhookConfigFrom = (stored: VersionedConfig | undefined): AdvancedWebhookConfig =>
  parseConfig(configTypes.advancedWebhook, stored);

/**
 * Optimistic concurrency: read the config and its version, merge, write on condition that the
 * version is unchanged; a lost race re-reads and merges again, so concurrent partial updates all
 * survive. A short random pause spreads contending writers. Throws ABORTED after `maxUpdateAttempts`.
 */
async function updateConfig<T>(
  apiKey: string,
  type: ConfigType<T>,
  merge: (stored: T | undefined) => T,
  firstRead?: Promise<VersionedConfig | undefined>,
): Promise<T> {
  for (let attempt = 1; attempt <= maxUpdateAttempts; attempt += 1) {
    const read = attempt === 1 && firstRead ? await firstRead : await findConfig(apiKey, type.kind);
    const next = merge(read ? type.schema.parse(read.document) : undefined);
    if (await putConfigIfUnchanged(apiKey, type.kind, next, read, Date.now(), type.credentialFlags?.(next))) {
      return next;
    }
    await sleep(Math.random() * Math.min(10 * 2 ** attempt, 250));
  }
  throw new ApiError('ABORTED', 'The configuration is being changed concurrently; retry.');
}

/**
 * Reads the stored config an update starts from, ahead of the update (a route's `prefetch`, so
 * the read travels with the auth read); the update re-reads only when its write loses a race.
 */
export const readConfigForUpdate = (apiKey: string, kind: ConfigKind): Promise<VersionedConfig | undefined> =>
  findConfig(apiKey, kind);

/** The basic-webhook config (defaults when never configured): one read. */
export const getWebhookConfig = (apiKey: string): Promise<WebhookConfig> =>
  readConfig(apiKey, configTypes.webhook);

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
  return updateConfig(apiKey, configTypes.webhook, (stored) => mergeWebhookConfig(stored, update), firstRead);
}

/** The advanced-webhook config (defaults when never configured): one read. */
export const getAdvancedWebhookConfig = (apiKey: string): Promise<AdvancedWebhookConfig> =>
  readConfig(apiKey, configTypes.advancedWebhook);

/** Partially updates the advanced-webhook config. Throws FAILED_PRECONDITION when a first update does not enable. */
export const updateAdvancedWebhookConfig = (
  apiKey: string,
  update: UpdateAdvancedWebhookConfig,
  firstRead?: Promise<VersionedConfig | undefined>,
) =>
  updateConfig(
    apiKey,
    configTypes.advancedWebhook,
    (stored) => mergeAdvancedWebhookConfig(stored, update),
    firstRead,
  );

/** The activity config (`{ isEnabled: false }` when never configured): one read. */
export const getActivityConfig = (apiKey: string): Promise<ActivityConfig> =>
  readConfig(apiKey, configTypes.activity);

/** Partially updates the activity config; the first enable seeds comment triggers and immutability. */
export const updateActivityConfig = (
  apiKey: string,
  update: UpdateActivityConfig,
  firstRead?: Promise<VersionedConfig | undefined>,
) => updateConfig(apiKey, configTypes.activity, (stored) => mergeActivityConfig(stored, update), firstRead);

/** The permission-provider config (empty strings when never configured): one read. */
export const getPermissionProviderConfig = (apiKey: string): Promise<PermissionProviderConfig> =>
  readConfig(apiKey, configTypes.permissionProvider);

/**
 * Partially updates the permission-provider config. The provider URL is refused when it points to a
 * private or internal address (the same guard as webhook URLs), so the service cannot be made to
 * call into its own network.
 */
export async function updatePermissionProviderConfig(
  apiKey: string,
  update: UpdatePermissionProviderConfig,
  firstRead?: Promise<VersionedConfig | undefined>,
) {
  await assertAllowedTargetUrl(
    'permissionProviderConfig.permissionProviderUrl',
    update.permissionProviderConfig?.permissionProviderUrl,
  );
  return updateConfig(
    apiKey,
    configTypes.permissionProvider,
    (stored) => mergePermissionProviderConfig(stored, update),
    firstRead,
  );
}

/**
 * The contract's answer to a domains call: success with the applied entries, or — when some
 * entries were skipped — INTERNAL with both lists in `details` (the valid entries are applied anyway).
 */
function domainsOutcome<Key extends 'domainsAdded' | 'domainsRemoved'>(
  appliedKey: Key,
  applied: string[],
  skipped: string[],
  skippedMessage: string,
) {
  if (skipped.length > 0) {
    throw new ApiError('INTERNAL', `${skippedMessage}: ${skipped.join(', ')}.`, {
      details: { [appliedKey]: applied, skippedDomains: skipped },
    });
  }
  return { [appliedKey]: applied } as Record<Key, string[]>;
}

/**
 * Adds normalised domains to the API key's allowed list in one atomic write. Entries already on
 * the list are skipped (INTERNAL with details, base contract #19). Throws RESOURCE_EXHAUSTED past the cap.
 */
export async function addDomains(apiKey: string, domains: readonly string[]) {
  const requested = [...new Set(domains)];
  const before = await addAllowedDomains(apiKey, requested, Date.now());
  return domainsOutcome(
    'domainsAdded',
    requested.filter((domain) => !before.has(domain)),
    requested.filter((domain) => before.has(domain)),
    'Domains already on the list were skipped',
  );
}

/**
 * Removes normalised domains from the API key's allowed list in one atomic write. Entries not on
 * the list are skipped (INTERNAL with details, base contract #20).
 */
export async function deleteDomains(apiKey: string, domains: readonly string[]) {
  const requested = [...new Set(domains)];
  const before = await removeAllowedDomains(apiKey, requested, Date.now());
  return domainsOutcome(
    'domainsRemoved',
    requested.filter((domain) => before.has(domain)),
    requested.filter((domain) => !before.has(domain)),
    'Domains not on the list were skipped',
  );
}
