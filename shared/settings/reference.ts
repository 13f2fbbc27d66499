/** The reference's words for the settings domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { settingsContracts } from './contracts';

const triggerKeys =
  'Keys are event types (the list is under **Receiving webhooks** in the webhooks section); `true` delivers that event to the basic-webhook URLs.';
const payloadEncoding =
  'Send each delivery as `{ "encodedPayload": "<base64 of the JSON message>" }` instead of the message itself.';
const payloadEncryption =
  'Encrypt each delivery: the body becomes `{ encryptedData, encryptedKey, iv }` (AES-256-CBC under a random key and IV; the key wrapped with `publicKey`, RSA-OAEP with SHA-256; all base64). Wins over `encodeData` when both are on. Needs a usable `publicKey` (`INVALID_ARGUMENT` otherwise).';
const publicKey =
  'The RSA public key deliveries are encrypted with when `encryptData` is on: PEM, or the bare base64 of its SPKI form. Empty when unset.';
const dataProtection =
  'Stored and answered for compatibility with existing clients; the service does not act on it.';

export const settingsReference = domainReference<typeof settingsContracts>()({
  operations: {
    'workspace.domains.add':
      'Adds allowed domains to the calling API key. Each entry may be a full URL or a bare host; protocol and `www.` are stripped, and `*.example.com` allows every subdomain. An entry already present is skipped: the valid entries are still added, but the call then answers `INTERNAL` (HTTP 500) with `details: { domainsAdded, skippedDomains }`, as the contract requires.',
    'workspace.domains.delete':
      'Removes allowed domains from the calling API key, normalised as `domains/add` does before matching. An entry not present is skipped: the others are still removed, but the call then answers `INTERNAL` (HTTP 500) with `details: { domainsRemoved, skippedDomains }`.',
    'workspace.webhookconfig.get':
      'Answers the basic-webhook config of the calling API key, every field and trigger included; defaults (everything off and empty) when never configured.',
    'workspace.webhookconfig.update':
      'Changes the fields sent and keeps the others, and answers the config as stored after the write. Concurrent partial updates both survive. The first time `useWebhookService` turns on while no triggers are stored, the default triggers are seeded beneath the ones sent: every comment event on except `comment_annotation.suggestion_accept` and `comment_annotation.suggestion_reject`, `huddle.create` and `huddle.join` on, `crdt.update_data` and the recorder events off. Basic webhooks POST each event to `rawNotificationUrl` (the message) and to `processedNotificationUrl` (the message plus its resolved recipients, `toUsers`), with `Authorization: Basic <authToken>` when a token is set.',
    'workspace.advancedwebhookconfig.get':
      'Answers the advanced-webhook config of the calling API key; defaults (everything off and empty) when never configured.',
    'workspace.advancedwebhookconfig.update':
      'Changes the fields sent, keeps the others and answers the config after the write. The first update must send `isEnabled: true` (`FAILED_PRECONDITION` otherwise); until advanced webhooks are enabled, every endpoint operation answers `FAILED_PRECONDITION`. Turning them off stops deliveries to every endpoint; messages already queued are dead-lettered.',
    'workspace.activityconfig.get':
      'Answers the activity-log config of the calling API key: `{ isEnabled: false }` when never configured.',
    'workspace.activityconfig.update':
      'Changes the fields sent and keeps the others. The first enable seeds `immutable: true` and every comment trigger on (`added`, `updated`, `deleted`, `statusChanged`, `assigned`, `priorityChanged`, `suggestionAccepted`, `suggestionRejected`, `reactionAdded`, `reactionDeleted`) beneath the values sent. While logging is off, comment changes record no activity and `activities/add` answers `FAILED_PRECONDITION`.',
    'workspace.notificationconfig.get':
      'Answers the notification config of the calling API key: `{ digest: { isEnabled: false, delayMinutes: 30, maxItems: 20 } }` when never configured.',
    'workspace.notificationconfig.update':
      'Changes the digest fields sent and keeps the others, and answers the config after the write. Concurrent partial updates both survive. While digests are on, a user whose unread inbox entries are `delayMinutes` old gets one `notification.digest` webhook event per window (the newest `maxItems` first, `unreadCount` of all), only for the entries their `email` preference lets through; reading them first cancels it. Due windows are swept every minute.',
    'workspace.permissionproviderconfig.get':
      'Answers the permission-provider config of the calling API key; both strings are empty when never configured.',
    'workspace.permissionproviderconfig.update':
      "Changes the fields sent and keeps the others. While `usePermissionProvider` is on, your backend decides every access check: the service POSTs `{ data: { requests: [{ userId, resource: { id, type, organizationId, parentFolderId? } }] } }` to `permissionProviderUrl` with `Authorization: Bearer <authToken>` and expects `{ data: [{ userId, resourceId, type, hasAccess, accessRole?, expiresAt? }] }` (`expiresAt` in epoch milliseconds) within 5 seconds. An unreachable or malformed answer denies access, and the permission entry's `error` says why.",
  },
  fields: {
    domains:
      'Domains, at most 100: full URLs or bare hosts. Protocol and `www.` are stripped; `*.example.com` stands for every subdomain.',
    domainsAdded: 'The domains added, as stored (normalised).',
    domainsRemoved: 'The domains removed, as stored (normalised).',
    useWebhookService: 'Whether basic webhooks are delivered.',
    webhookServiceConfig: 'Where and how basic webhooks are delivered.',
    'webhookServiceConfig.authToken':
      'Sent with every basic-webhook delivery as `Authorization: Basic <authToken>`, so your receiver can check the sender. Empty: no header.',
    'permissionProviderConfig.authToken':
      'Sent to the permission provider as `Authorization: Bearer <authToken>`. Empty when unset.',
    rawNotificationUrl: 'Receives each event as it happened (the message). Empty: none sent.',
    processedNotificationUrl:
      "Receives each event with its resolved recipients (`toUsers`: tagged users, the assignee and the thread participants, without the acting user) and, beside them, each recipient's notification preferences in force for the organization (`usersOrganizationNotificationsConfig`) and for the document (`usersDocumentNotificationsConfig`), `{ <userId>: { inbox, email } }`. Empty: none sent.",
    encodeData: payloadEncoding,
    encryptData: payloadEncryption,
    publicKey,
    enableDataProtection: dataProtection,
    messageRetentionDays:
      'How many days a webhook message, its payload and its attempts are kept (1–90, default 30); older ones are gone from every listing and from the table.',
    'webhookServiceConfig.triggers': triggerKeys,
    'activityServiceConfig.triggers':
      'Which actions record an activity, by feature and action: `{ "comment": { "added": true, "reactionAdded": false } }`. Comment actions: `added`, `updated`, `deleted`, `statusChanged`, `assigned`, `priorityChanged`, `suggestionAccepted`, `suggestionRejected`, `reactionAdded`, `reactionDeleted`.',
    'activityServiceConfig.isEnabled': 'Whether activities are recorded.',
    isEnabled:
      'Whether advanced webhooks are on: the endpoints receive signed deliveries and the endpoint operations work.',
    immutable:
      "Activities once recorded cannot be updated or deleted (per item `success: false`); erasing a user's data still removes them.",
    activityServiceConfig: 'The activity-log config.',
    digest: 'The digest of unread inbox entries.',
    'digest.isEnabled': 'Whether digests are on. Default false.',
    delayMinutes:
      'How old (in minutes, 5–1440, default 30) unread inbox entries are before they are digested.',
    maxItems: 'Most notifications one digest lists (1–50, default 20).',
    usePermissionProvider:
      'Whether your permission provider decides every access check instead of the stored memberships and grants.',
    permissionProviderConfig: 'Where the permission provider is and how the service authenticates to it.',
    permissionProviderUrl:
      'Your endpoint the service POSTs access questions to (http or https). Empty when unset.',
  },
});
