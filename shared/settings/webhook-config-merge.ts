import { failedPrecondition, invalidArgument } from '../core/errors';
import { rsaPublicKeyProblem } from '../security/public-key';
import {
  type AdvancedWebhookConfig,
  messageRetention,
  type UpdateAdvancedWebhookConfig,
  type UpdateWebhookConfig,
  type WebhookConfig,
} from './webhook-config-schemas';

/**
 * The pure read-merge part of the webhook config updates: stored state (undefined when never
 * configured) plus a partial request gives the state to store. Fields a request leaves out keep
 * their values.
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
  messageRetentionDays: messageRetention.defaultDays,
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
