import type * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import { ApiError } from '../core/errors';
import type { ConfigKind } from '../db/entities/workspace';
import { conflict, type RetryPolicy, retryOnConflict } from '../db/retry';
import { assertAllowedTargetUrl } from '../security/outbound-http';
import {
  defaultActivityConfig,
  defaultNotificationConfig,
  defaultPermissionProviderConfig,
  mergeActivityConfig,
  mergeNotificationConfig,
  mergePermissionProviderConfig,
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
  activityConfig,
  type NotificationConfig,
  notificationConfig,
  type PermissionProviderConfig,
  permissionProviderConfig,
  type UpdateActivityConfig,
  type UpdateNotificationConfig,
  type UpdatePermissionProviderConfig,
} from './schemas';

/**
 * Read-merge-write rounds before a config update gives up under contention, with a short random
 * pause between them that spreads contending writers.
 */
const configUpdateRetry: RetryPolicy = { attempts: 30, backoff: { baseMs: 20, capMs: 250 } };

/** One kind of API-key config: its stored schema, its defaults, and what authentication must see of it. */
export interface ConfigType<T> {
  kind: ConfigKind;
  schema: z.ZodMiniType<T>;
  defaults: T;
  /** Settings copied onto the API key's credential, which authentication reads on every request. */
  credentialFlags?(config: T): Record<string, unknown>;
}

const configTypes = {
  activity: { kind: 'activity', schema: activityConfig, defaults: defaultActivityConfig },
  notification: {
    kind: 'notification',
    schema: notificationConfig,
    defaults: defaultNotificationConfig,
    // Lets inbox writes open digest windows without reading this config (nothing when digests are off).
    credentialFlags: (config: NotificationConfig) => ({
      digestDelayMinutes: config.digest.isEnabled ? config.digest.delayMinutes : 0,
    }),
  },
  permissionProvider: {
    kind: 'permissionProvider',
    schema: permissionProviderConfig,
    defaults: defaultPermissionProviderConfig,
    // Lets permission checks skip reading this config while the provider is off (the usual case).
    credentialFlags: (config: PermissionProviderConfig) => ({
      usesPermissionProvider: config.usePermissionProvider,
    }),
  },
} satisfies Partial<Record<ConfigKind, ConfigType<unknown>>>;

/** A config from its stored item (read here or in a batch elsewhere); the defaults when absent. */
export const parseConfig = <T>(type: ConfigType<T>, stored: VersionedConfig | undefined): T =>
  stored ? type.schema.parse(stored.document) : type.defaults;

/** An API key's config of one type (the defaults when never configured): one read. */
export async function readConfig<T>(apiKey: string, type: ConfigType<T>): Promise<T> {
  return parseConfig(type, await findConfig(apiKey, type.kind));
}

/**
 * Optimistic concurrency: read the config and its version, merge, write on condition that the
 * version is unchanged; a lost race re-reads and merges again, so concurrent partial updates all
 * survive (`configUpdateRetry`). Throws ABORTED when every round lost.
 */
export async function updateConfig<T>(
  apiKey: string,
  type: ConfigType<T>,
  merge: (stored: T | undefined) => T,
  firstRead?: Promise<VersionedConfig | undefined>,
): Promise<T> {
  return retryOnConflict(
    configUpdateRetry,
    async (attempt) => {
      const read = attempt === 0 && firstRead ? await firstRead : await findConfig(apiKey, type.kind);
      const next = merge(read ? type.schema.parse(read.document) : undefined);
      const written = await putConfigIfUnchanged(
        apiKey,
        type.kind,
        next,
        read,
        nowMs(),
        type.credentialFlags?.(next),
      );
      return written ? next : conflict;
    },
    () => {
      throw new ApiError('ABORTED', 'The configuration is being changed concurrently; retry.');
    },
  );
}

/**
 * Reads the stored config an update starts from, ahead of the update (a route's `prefetch`, so
 * the read travels with the auth read); the update re-reads only when its write loses a race.
 */
export const readConfigForUpdate = (apiKey: string, kind: ConfigKind): Promise<VersionedConfig | undefined> =>
  findConfig(apiKey, kind);

/** The activity config (`{ isEnabled: false }` when never configured): one read. */
export const getActivityConfig = (apiKey: string): Promise<ActivityConfig> =>
  readConfig(apiKey, configTypes.activity);

/** Partially updates the activity config; the first enable seeds comment triggers and immutability. */
export const updateActivityConfig = (
  apiKey: string,
  update: UpdateActivityConfig,
  firstRead?: Promise<VersionedConfig | undefined>,
) => updateConfig(apiKey, configTypes.activity, (stored) => mergeActivityConfig(stored, update), firstRead);

/** The notification config (digests off, 30 minutes, 20 items when never configured): one read. */
export const getNotificationConfig = (apiKey: string): Promise<NotificationConfig> =>
  readConfig(apiKey, configTypes.notification);

/** Partially updates the notification config (the digest's fields merge). */
export const updateNotificationConfig = (
  apiKey: string,
  update: UpdateNotificationConfig,
  firstRead?: Promise<VersionedConfig | undefined>,
) =>
  updateConfig(
    apiKey,
    configTypes.notification,
    (stored) => mergeNotificationConfig(stored, update),
    firstRead,
  );

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
  const before = await addAllowedDomains(apiKey, requested, nowMs());
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
  const before = await removeAllowedDomains(apiKey, requested, nowMs());
  return domainsOutcome(
    'domainsRemoved',
    requested.filter((domain) => before.has(domain)),
    requested.filter((domain) => !before.has(domain)),
    'Domains not on the list were skipped',
  );
}
