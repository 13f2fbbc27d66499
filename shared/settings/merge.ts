import type {
  ActivityConfig,
  NotificationConfig,
  PermissionProviderConfig,
  UpdateActivityConfig,
  UpdateNotificationConfig,
  UpdatePermissionProviderConfig,
} from './schemas';

/**
 * The pure read-merge part of the activity and permission-provider config updates (the webhook
 * configs merge in shared/settings/webhook-config-merge.ts): stored state (undefined when never configured)
 * plus a partial request gives the state to store. Fields a request leaves out keep their values.
 */

/**
 * Comment actions of the activity triggers, all seeded on by the first enable (addendum §5). The
 * contract names only `added`; the others follow the comment events (docs/decisions.md).
 */
export const commentActivityActions = [
  'added',
  'updated',
  'deleted',
  'statusChanged',
  'assigned',
  'priorityChanged',
  'suggestionAccepted',
  'suggestionRejected',
  'reactionAdded',
  'reactionDeleted',
] as const;

/** Activity logging of an API key that never configured it (base contract). */
export const defaultActivityConfig: ActivityConfig = { isEnabled: false };

/**
 * Merges an activity-config update, two levels deep for triggers. The first enable (no triggers
 * stored) seeds every comment trigger on and `immutable: true` beneath stored and request values.
 */
export function mergeActivityConfig(
  stored: ActivityConfig | undefined,
  update: UpdateActivityConfig,
): ActivityConfig {
  const base = stored ?? defaultActivityConfig;
  const seeding = update.isEnabled === true && base.triggers === undefined;
  const seedTriggers: Record<string, Record<string, boolean>> = seeding
    ? { comment: Object.fromEntries(commentActivityActions.map((action) => [action, true])) }
    : {};
  const layers: Record<string, Record<string, boolean>>[] = [
    seedTriggers,
    base.triggers ?? {},
    update.triggers ?? {},
  ];
  const groups = new Set(layers.flatMap((layer) => Object.keys(layer)));
  const triggers = Object.fromEntries(
    [...groups].map((group) => [group, Object.assign({}, ...layers.map((layer) => layer[group]))]),
  );
  const immutable = update.immutable ?? base.immutable ?? (seeding ? true : undefined);
  return {
    isEnabled: update.isEnabled ?? base.isEnabled,
    ...(immutable !== undefined && { immutable }),
    ...(groups.size > 0 && { triggers }),
  };
}

/** The permission-provider config of an API key that never configured it (base contract). */
export const defaultPermissionProviderConfig: PermissionProviderConfig = {
  usePermissionProvider: false,
  permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
};

/** Merges a permission-provider update field by field. */
export function mergePermissionProviderConfig(
  stored: PermissionProviderConfig | undefined,
  update: UpdatePermissionProviderConfig,
): PermissionProviderConfig {
  const base = stored ?? defaultPermissionProviderConfig;
  return {
    usePermissionProvider: update.usePermissionProvider ?? base.usePermissionProvider,
    permissionProviderConfig: { ...base.permissionProviderConfig, ...update.permissionProviderConfig },
  };
}

/** The notification config of an API key that never configured it: digests off, 30 minutes, 20 items. */
export const defaultNotificationConfig: NotificationConfig = {
  digest: { isEnabled: false, delayMinutes: 30, maxItems: 20 },
};

/** Merges a notification-config update field by field (a partial digest keeps the other fields). */
export function mergeNotificationConfig(
  stored: NotificationConfig | undefined,
  update: UpdateNotificationConfig,
): NotificationConfig {
  const base = stored ?? defaultNotificationConfig;
  const digest = Object.fromEntries(Object.entries(update.digest).filter(([, value]) => value !== undefined));
  return { digest: { ...base.digest, ...digest } };
}
