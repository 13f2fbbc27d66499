import { nowMs } from '../core/clock';
import { failedPrecondition, notFound } from '../core/errors';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { getAdvancedWebhookConfig, getWebhookConfig } from '../settings/webhook-config-service';
import { sendAttemptTask } from './attempt-tasks';
import { requireEndpointAndConfig } from './endpoint-service';
import { startMessages } from './fanout';
import { findMessage, listMessages, reviveMessage } from './message-repository';
import {
  endpointTarget,
  type ListMessagesInput,
  type MessageRecord,
  type MessageRef,
  type ReplayMessageInput,
  type TargetId,
  type TestWebhookInput,
} from './message-schemas';
import { createCatalogEvent } from './outbox';
import { retentionCutoff } from './retention';

/** The event type of test events, so receivers can tell them from real ones. */
const testEventType = 'webhook.test';

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** A message as the endpoint messages routes show it: its event, state and attempts (newest last). */
function messageView(message: MessageRecord) {
  return {
    messageId: message.event.id,
    event: message.event.event,
    timestamp: message.event.timestamp,
    status: message.status,
    reason: message.reason ?? null,
    attemptCount: message.attemptCount,
    nextAttemptAt: message.status === 'pending' ? iso(message.nextAttemptAt) : null,
    attempts: message.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      status: attempt.outcome,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      response: attempt.response,
      timestamp: iso(attempt.at),
    })),
    createdAt: iso(message.createdAt),
    updatedAt: iso(message.updatedAt),
  };
}

const messagesBinding = (apiKey: string, endpointId: string) => ({
  owner: `apiKey:${apiKey}`,
  query: { list: 'webhookMessages', endpointId },
});

/**
 * One page of an endpoint's messages within the retention, newest first, with their attempts.
 * Three calls in parallel: config, endpoint, Query (bounded reads needing only the API key and the
 * input: the route runs it whole as its prefetch). Throws FAILED_PRECONDITION, NOT_FOUND,
 * INVALID_ARGUMENT (page token).
 */
export async function listEndpointMessages(apiKey: string, input: ListMessagesInput) {
  const binding = messagesBinding(apiKey, input.endpointId);
  const startKey = input.pageToken ? decodePageToken(input.pageToken, binding) : undefined;
  const now = nowMs();
  const [{ config }, page] = await Promise.all([
    requireEndpointAndConfig(apiKey, input.endpointId),
    listMessages(apiKey, endpointTarget(input.endpointId), input.limit, startKey, now),
  ]);
  const cutoff = retentionCutoff(config.messageRetentionDays, now);
  const retained = page.messages.filter((message) => message.event.timestamp >= cutoff);
  // Past the cutoff lie only older messages: the list ends there.
  const nextKey = retained.length < page.messages.length ? undefined : page.nextKey;
  return {
    messages: retained.map(messageView),
    pageToken: nextKey ? encodePageToken(nextKey, binding) : null,
  };
}

/** NOT_FOUND for a message of an endpoint that is not stored or past the retention. */
export const messageMissing = (messageId: string, endpointId: string) =>
  notFound(`Message ${messageId} not found for endpoint ${endpointId}.`);

/**
 * Where the message to an endpoint that a request names is stored, unless its event is past the
 * retention in force (`retentionDays`). Throws NOT_FOUND for one past it.
 */
export function retainedMessageRef(
  apiKey: string,
  input: { endpointId: string; messageId: string; timestamp: number },
  retentionDays: number,
  now: number,
): MessageRef {
  if (input.timestamp < retentionCutoff(retentionDays, now))
    throw messageMissing(input.messageId, input.endpointId);
  return {
    apiKey,
    targetId: endpointTarget(input.endpointId),
    eventTimestamp: input.timestamp,
    eventId: input.messageId,
  };
}

/**
 * Replays a dead-lettered message: it goes back to pending with a fresh retry schedule
 * and its next attempt is enqueued (same event, so the same `webhook-id`). Throws NOT_FOUND for an
 * unknown message (or one past the retention), FAILED_PRECONDITION unless it is dead (or advanced
 * webhooks are off). `endpoint` is `requireEndpointAndConfig`'s read, possibly started as the
 * route's prefetch.
 */
export async function replayEndpointMessage(
  apiKey: string,
  input: ReplayMessageInput,
  endpoint = requireEndpointAndConfig(apiKey, input.endpointId),
) {
  const { config } = await endpoint;
  const now = nowMs();
  const ref = retainedMessageRef(apiKey, input, config.messageRetentionDays, now);
  const revived = await reviveMessage(ref, now);
  if (!revived) {
    const message = await findMessage(ref);
    if (!message) throw messageMissing(input.messageId, input.endpointId);
    throw failedPrecondition(
      `Message ${input.messageId} is ${message.status}; only dead-lettered messages can be replayed.`,
    );
  }
  await sendAttemptTask(ref, revived.attemptCount + 1);
  return messageView(revived);
}

/**
 * The targets of a test event (one enabled endpoint, or the configured basic-webhook URLs) and how
 * long its messages are kept. Reads only (the configs, or the endpoint beside the advanced-webhook
 * config), so a route starts it as its prefetch. Throws FAILED_PRECONDITION, NOT_FOUND.
 */
export async function testTargets(
  apiKey: string,
  endpointId: string | undefined,
): Promise<{ targets: TargetId[]; retentionDays: number }> {
  if (endpointId !== undefined) {
    const { endpoint, config } = await requireEndpointAndConfig(apiKey, endpointId);
    if (endpoint.disabled) throw failedPrecondition(`Endpoint ${endpointId} is disabled; enable it first.`);
    return { targets: [endpointTarget(endpointId)], retentionDays: config.messageRetentionDays };
  }
  const [{ useWebhookService, webhookServiceConfig: config }, advanced] = await Promise.all([
    getWebhookConfig(apiKey),
    getAdvancedWebhookConfig(apiKey),
  ]);
  const targets: TargetId[] = [
    ...(config.rawNotificationUrl ? (['basic:raw'] as const) : []),
    ...(config.processedNotificationUrl ? (['basic:processed'] as const) : []),
  ];
  if (!useWebhookService || targets.length === 0) {
    throw failedPrecondition(
      'Basic webhooks are off or have no notification URL; pass endpointId or configure them.',
    );
  }
  return { targets, retentionDays: advanced.messageRetentionDays };
}

/**
 * Sends a synthetic `webhook.test` event through the real delivery path (signed, retried, listed
 * like any message) to one endpoint or to the basic-webhook URLs; the event bypasses endpoint
 * filters and basic triggers. Throws FAILED_PRECONDITION, NOT_FOUND. `started` is `testTargets`,
 * possibly started as the route's prefetch.
 */
export async function sendTestEvent(
  apiKey: string,
  input: TestWebhookInput,
  started = testTargets(apiKey, input.endpointId),
) {
  const { targets, retentionDays } = await started;
  const event = createCatalogEvent({
    event: testEventType,
    actionType: 'test',
    source: 'webhook',
    data: { test: true },
  });
  await startMessages(apiKey, event, targets, retentionDays);
  return { messageId: event.id, timestamp: event.timestamp, targets };
}
