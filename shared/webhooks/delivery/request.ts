import { preferencesOfUsers } from '../../notifications/preference-repository';
import { preferencesInForce } from '../../notifications/preference-service';
import type { PublishedEvent } from '../event-schemas';
import { endpointIdOf, type TargetId } from '../message-schemas';
import { signingSecrets } from '../signing-secrets';
import { requestBody, signatureHeaders, webhookMessage } from './payloads';
import type { TargetReads } from './target-reads';

/** An HTTP request ready to send to a target, built from its configuration at attempt time. */
export interface OutgoingRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** The endpoint's deliveries per second, for advanced endpoints that set one. */
  rateLimit: number | null;
  endpointId?: string;
}

/** The target takes no messages now; the reason is recorded on the dead-lettered message. */
export interface Unavailable {
  unavailable: string;
}

/**
 * Resolved recipients of a processed basic delivery: the event's `toUsers` (comments resolve them
 * when they publish), else a `data.toUsers` list, else none. No read at delivery time.
 */
function toUsersOf(event: PublishedEvent): unknown[] {
  if (event.toUsers) return event.toUsers;
  const toUsers = event.data.toUsers;
  return Array.isArray(toUsers) ? toUsers : [];
}

/**
 * The notification preferences in force of each recipient of a processed delivery, for the event's
 * organization and for its document (`{ <userId>: { inbox, email } }`), so the app's email sender
 * knows whom to email: one BatchGetItem per 50 recipients at attempt time; both maps always
 * present (the defaults for users who stored nothing, empty without recipients).
 */
async function recipientPreferences(apiKey: string, event: PublishedEvent, toUsers: readonly unknown[]) {
  const userIds = [
    ...new Set(
      toUsers.flatMap((user) => {
        const userId = (user as { userId?: unknown } | null)?.userId;
        return typeof userId === 'string' ? [userId] : [];
      }),
    ),
  ];
  const { organizationId, documentId } = event;
  if (organizationId === undefined || userIds.length === 0) {
    return { usersOrganizationNotificationsConfig: {}, usersDocumentNotificationsConfig: {} };
  }
  const stored = await preferencesOfUsers(apiKey, organizationId, documentId, userIds);
  return {
    usersOrganizationNotificationsConfig: Object.fromEntries(
      userIds.map((userId) => [userId, preferencesInForce(stored.organization.get(userId))]),
    ),
    usersDocumentNotificationsConfig: Object.fromEntries(
      userIds.map((userId) => [
        userId,
        preferencesInForce(stored.organization.get(userId), stored.document.get(userId)),
      ]),
    ),
  };
}

async function basicRequest(
  reads: TargetReads,
  apiKey: string,
  event: PublishedEvent,
  variant: 'raw' | 'processed',
): Promise<OutgoingRequest | Unavailable> {
  const { useWebhookService, webhookServiceConfig: config } = await reads.webhookConfig(apiKey);
  const url = variant === 'raw' ? config.rawNotificationUrl : config.processedNotificationUrl;
  if (!useWebhookService) return { unavailable: 'basic webhooks are turned off' };
  if (!url) return { unavailable: `no ${variant} notification URL is configured` };
  const message = webhookMessage(event, variant);
  const toUsers = toUsersOf(event);
  const body = requestBody(
    variant === 'raw'
      ? message
      : { ...message, toUsers, ...(await recipientPreferences(apiKey, event, toUsers)) },
    config,
  );
  const headers: Record<string, string> = config.authToken
    ? { authorization: `Basic ${config.authToken}` }
    : {};
  return { url, body, headers, rateLimit: null };
}

async function endpointRequest(
  reads: TargetReads,
  apiKey: string,
  event: PublishedEvent,
  endpointId: string,
  now: number,
): Promise<OutgoingRequest | Unavailable> {
  const [config, endpoint] = await Promise.all([
    reads.advancedWebhookConfig(apiKey),
    reads.endpoint(apiKey, endpointId),
  ]);
  if (!config.isEnabled) return { unavailable: 'advanced webhooks are turned off' };
  if (!endpoint) return { unavailable: 'the endpoint was deleted' };
  if (endpoint.disabled) return { unavailable: 'the endpoint is disabled' };
  const body = requestBody(webhookMessage(event, endpointId), config);
  const headers = signatureHeaders(
    event.id,
    body,
    signingSecrets(apiKey, endpoint, now),
    Math.floor(now / 1000),
  );
  return { url: endpoint.url, body, headers, rateLimit: endpoint.rateLimit, endpointId };
}

/**
 * The request for one attempt of an event to a target, signed (advanced) or authorised (basic)
 * under the configuration as it is now (read with the attempt's batch), or why the target takes no
 * deliveries.
 */
export function buildRequest(
  reads: TargetReads,
  apiKey: string,
  event: PublishedEvent,
  target: TargetId,
  now: number,
): Promise<OutgoingRequest | Unavailable> {
  const endpointId = endpointIdOf(target);
  if (endpointId !== undefined) return endpointRequest(reads, apiKey, event, endpointId, now);
  return basicRequest(reads, apiKey, event, target === 'basic:raw' ? 'raw' : 'processed');
}
