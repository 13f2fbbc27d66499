import { failedPrecondition, invalidArgument } from '../http/errors';
import { rsaPublicKeyProblem } from '../security/public-key';
import type {
  ActivityConfig,
  AdvancedWebhookConfig,
  PermissionProviderConfig,
  UpdateActivityConfig,
  UpdateAdvancedWebhookConfig,
  UpdatePermissionProviderConfig,
  UpdateWebhookConfig,
  WebhookConfig,
} from './schemas';

/**
 * The pure read-merge part of every config update: stored state (undefined when never configured)
 * plus a partial request gives the state to store. Fields a request leaves out keep their values.
 */

/**
 * Refuses a write that sends `encryptData` or `publicKey` and leaves encryption on with a key that
 * cannot encrypt (decisions §30): checked on the merged result, so turning encryption on over a bad
 * stored key and storing a bad key while encryption is on are both caught. A write touching neither
 * field passes, so a config stored before this rule can still be switched off or edited.
 * Throws INVALID_ARGUMENT naming the key's field.
 */
function assertUsableEncryptionKey(
  field: string,
  merged: { encryptData: boolean; publicKey: string },
  update: { encryptData?: boolean; publicKey?: string } | undefined,
): void {
  if (!merged.encryptData || (update?.encryptData === undefined && update?.publicKey === undefined)) return;
  const problem = rsaPublicKeyProblem(merged.publicKey);
  if (problem) {
    const message = `${problem} while encryptData is on`;
    throw invalidArgument(`${field}: ${message}`, { issues: [{ path: field, message }] });
  }
}

/**
 * Basic-webhook triggers seeded by the first enable (base contract, States): standard comment
 * triggers on, suggestion accept/reject off, huddle on, crdt and recorder off. The huddle, crdt and
 * recorder names are this service's (the contract does not list them; docs/decisions.md).
 */
export const defaultWebhookTriggers: Readonly<Record<string, boolean>> = {
  'comment_annotation.add': true,
  'comment.add': true,
  'comment.update': true,
  'comment.delete': true,
  'comment_annotation.status_change': true,
  'comment_annotation.assign': true,
  'comment_annotation.priority_change': true,
  'comment_annotation.suggestion_accept': false,
  'comment_annotation.suggestion_reject': false,
  'comment.reaction_add': true,
  'comment.reaction_delete': true,
  'huddle.create': true,
  'huddle.join': true,
  'crdt.update_data': false,
  'recorder.recording_ready': false,
  'recorder.transcription_ready': false,
};

/** The basic-webhook config of an API key that never configured it. */
export const defaultWebhookConfig: WebhookConfig = {
  useWebhookService: false,
  webhookServiceConfig: {
    authToken: '',
    rawNotificationUrl: '',
    processedNotificationUrl: '',
    encodeData: false,
    encryptData: false,
    publicKey: '',
    enableDataProtection: false,
    triggers: {},
  },
};

/**
 * Merges a basic-webhook update. Enabling while no triggers are stored seeds the default triggers
 * under the request's; other stored fields are kept, request fields win. Throws INVALID_ARGUMENT
 * when the write leaves encryption on with an unusable public key.
 */
export function mergeWebhookConfig(
  stored: WebhookConfig | undefined,
  update: UpdateWebhookConfig,
): WebhookConfig {
  const base = stored ?? defaultWebhookConfig;
  const seed =
    update.useWebhookService === true && Object.keys(base.webhookServiceConfig.triggers).length === 0
      ? defaultWebhookTriggers
      : {};
  const { triggers, ...fields } = update.webhookServiceConfig ?? {};
  const merged = {
    useWebhookService: update.useWebhookService ?? base.useWebhookService,
    webhookServiceConfig: {
      ...base.webhookServiceConfig,
      ...fields,
      triggers: { ...seed, ...base.webhookServiceConfig.triggers, ...triggers },
    },
  };
  assertUsableEncryptionKey(
    'webhookServiceConfig.publicKey',
    merged.webhookServiceConfig,
    update.webhookServiceConfig,
  );
  return merged;
}

/** The advanced-webhook config of an API key that never configured it (base contract). */
export const defaultAdvancedWebhookConfig: AdvancedWebhookConfig = {
  isEnabled: false,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
};

/** What to send to turn advanced webhooks on; quoted by every FAILED_PRECONDITION about them. */
export const enableAdvancedWebhooksHint =
  'send { isEnabled: true } to /v2/workspace/advancedwebhookconfig/update';

/**
 * Merges an advanced-webhook update. The first update must enable the feature (addendum §5).
 * Throws FAILED_PRECONDITION otherwise, INVALID_ARGUMENT when the write leaves encryption on with
 * an unusable public key.
 */
export function mergeAdvancedWebhookConfig(
  stored: AdvancedWebhookConfig | undefined,
  update: UpdateAdvancedWebhookConfig,
): AdvancedWebhookConfig {
  if (!stored && update.isEnabled !== true) {
    throw failedPrecondition(
      `Advanced webhooks are not configured yet; the first update must enable them: ${enableAdvancedWebhooksHint}.`,
    );
  }
  const merged = { ...(stored ?? defaultAdvancedWebhookConfig), ...update };
  assertUsableEncryptionKey('publicKey', merged, update);
  return merged;
}

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
