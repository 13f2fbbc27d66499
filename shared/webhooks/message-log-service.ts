import { nowMs } from '../core/clock';
import { failedPrecondition, notFound } from '../core/errors';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { sendManualAttemptTask } from './attempt-tasks';
import { webhookMessage } from './delivery/payloads';
import { requireAdvancedWebhooks, requireEndpointAndConfig } from './endpoint-service';
import { requestManualAttempt } from './manual-attempt-repository';
import { type LogGroup, listLogGroups, messagesOfEvent } from './message-log-repository';
import type {
  EndpointStatsInput,
  ListLogMessagesInput,
  MessageAttemptsInput,
  MessagePayloadInput,
  ResendMessageInput,
} from './message-log-schemas';
import { findMessage } from './message-repository';
import {
  type AttemptRecord,
  attemptIdOf,
  endpointIdOf,
  endpointTarget,
  type MessageRecord,
} from './message-schemas';
import { messageMissing, retainedMessageRef } from './message-service';
import { longestRetentionCutoff, retentionCutoff } from './retention';
import { readStatusCounts, statsBucketMs, statsBucketOf } from './stats-repository';

/** The endpoint id of a message's target (the log holds messages to endpoints only). */
const endpointOf = (message: Pick<MessageRecord, 'targetId'>) => endpointIdOf(message.targetId) ?? '';

/** An event in the log as messages/get shows it: the event and each endpoint's state. */
function logMessageView(group: LogGroup) {
  const [first] = group.entries;
  const event = first!.logEvent;
  return {
    messageId: event.id,
    eventType: event.event,
    timestamp: event.timestamp,
    channels: event.channels,
    endpoints: group.entries.map((entry) => ({
      endpointId: endpointOf(entry),
      status: entry.status,
      attemptCount: entry.attemptCount + entry.manualCount,
    })),
  };
}

/**
 * One page of the API key's messages to its endpoints (addendum §11 messages/get), newest first:
 * each event once, with every endpoint it went to. The type and channel filters run in the Query,
 * the status filter (an event matches when any of its endpoints has the status) on each event read.
 * The config (advanced webhooks on, the retention) is read beside the first Query: one round trip
 * with the auth read unless filters thin the page. Throws FAILED_PRECONDITION, INVALID_ARGUMENT
 * (page token).
 */
export async function listLogMessages(apiKey: string, input: ListLogMessagesInput) {
  const now = nowMs();
  const { limit, pageToken, ...filters } = input;
  const binding = { owner: `apiKey:${apiKey}`, query: { list: 'webhookMessageLog', ...filters } };
  const startKey = pageToken ? decodePageToken(pageToken, binding) : undefined;
  const config = requireAdvancedWebhooks(apiKey);
  const query = {
    since: Math.max(input.since ?? 0, longestRetentionCutoff(now)),
    until: input.until,
    eventTypes: input.eventTypes,
    channel: input.channel,
  };
  // A window that ends before the oldest message kept holds none (and is no key range).
  if (query.until !== undefined && query.until < query.since) {
    await config;
    return { data: [], nextPageToken: undefined };
  }
  const keep = (group: LogGroup) =>
    input.status === undefined || group.entries.some((entry) => entry.status === input.status);
  const cutoff = config.then((read) => retentionCutoff(read.messageRetentionDays, now));
  const [, page] = await Promise.all([config, listLogGroups(apiKey, query, limit, startKey, keep, cutoff)]);
  return {
    data: page.groups.map(logMessageView),
    nextPageToken: page.nextKey ? encodePageToken(page.nextKey, binding) : undefined,
  };
}

const eventMissing = (messageId: string) => notFound(`Message ${messageId} not found.`);

/** An attempt as attempts/get shows it. */
const attemptView = (message: MessageRecord, attempt: AttemptRecord) => {
  const trigger = attempt.trigger ?? 'scheduled';
  return {
    attemptId: attemptIdOf(message.event.id, endpointOf(message), trigger, attempt.attempt),
    endpointId: endpointOf(message),
    at: attempt.at,
    status: attempt.outcome,
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    response: attempt.response,
    trigger,
  };
};

/**
 * A message's attempts (the newest 30 per endpoint), newest first: to one endpoint (the config and
 * the message read in parallel: one round trip with auth), or to every endpoint the event went to
 * (the log's entries of the event, then the messages: two). Throws NOT_FOUND for an event without
 * messages to endpoints, or one past the retention; FAILED_PRECONDITION when advanced webhooks are off.
 */
export async function messageAttempts(apiKey: string, input: MessageAttemptsInput) {
  const { messageId, timestamp, endpointId } = input;
  const messages =
    endpointId === undefined
      ? messagesOfEvent(apiKey, timestamp, messageId)
      : findMessage({
          apiKey,
          targetId: endpointTarget(endpointId),
          eventTimestamp: timestamp,
          eventId: messageId,
        }).then((message) => (message ? [message] : []));
  const [config, found] = await Promise.all([requireAdvancedWebhooks(apiKey), messages]);
  if (found.length === 0 || timestamp < retentionCutoff(config.messageRetentionDays, nowMs())) {
    throw endpointId === undefined ? eventMissing(messageId) : messageMissing(messageId, endpointId);
  }
  return found
    .flatMap((message) => message.attempts.map((attempt) => attemptView(message, attempt)))
    .sort((a, b) => b.at - a.at || a.attemptId.localeCompare(b.attemptId));
}

/**
 * A message to an endpoint as the endpoint receives it (messages/payload/get): the config and the
 * message read in parallel (one round trip beside auth). Throws NOT_FOUND for an unknown message or
 * one past the retention, FAILED_PRECONDITION when advanced webhooks are off.
 */
export async function messagePayload(apiKey: string, input: MessagePayloadInput) {
  const { messageId, timestamp, endpointId } = input;
  const [config, message] = await Promise.all([
    requireAdvancedWebhooks(apiKey),
    findMessage({
      apiKey,
      targetId: endpointTarget(endpointId),
      eventTimestamp: timestamp,
      eventId: messageId,
    }),
  ]);
  if (!message || timestamp < retentionCutoff(config.messageRetentionDays, nowMs()))
    throw messageMissing(messageId, endpointId);
  return {
    messageId,
    endpointId,
    eventType: message.event.event,
    timestamp,
    payload: webhookMessage(message.event, endpointId),
  };
}

/**
 * Resends a message to an endpoint (messages/resend): one manual attempt, whatever the message's
 * status, through the delivery worker (signed as now, same `webhook-id`, under the endpoint's rate
 * limit). Its number is taken on the message (one UpdateItem), then its task is sent. `endpoint` is
 * `requireEndpointAndConfig`'s read, possibly the route's prefetch. Throws NOT_FOUND (endpoint,
 * message, or a message past the retention), FAILED_PRECONDITION (endpoint disabled, advanced
 * webhooks off).
 */
export async function resendMessage(
  apiKey: string,
  input: ResendMessageInput,
  endpoint = requireEndpointAndConfig(apiKey, input.endpointId),
) {
  const { endpoint: found, config } = await endpoint;
  if (found.disabled) throw failedPrecondition(`Endpoint ${input.endpointId} is disabled; enable it first.`);
  const now = nowMs();
  const ref = retainedMessageRef(apiKey, input, config.messageRetentionDays, now);
  const number = await requestManualAttempt(ref, now);
  if (number === undefined) throw messageMissing(input.messageId, input.endpointId);
  await sendManualAttemptTask(ref, number);
  return { attemptId: attemptIdOf(input.messageId, input.endpointId, 'manual', number) };
}

/** Stats cover the last day unless told. */
const defaultStatsWindowMs = 24 * 60 * 60 * 1000;

/**
 * An endpoint's messages of events since `since` (default 24 h ago) by status (endpoints/stats),
 * from its status counters: `since` resolves to its 5-minute bucket (and no earlier than the
 * retention), which the answer gives back. The endpoint, the config and the counters are read in
 * parallel: one round trip with the auth read. Throws NOT_FOUND, FAILED_PRECONDITION.
 */
export async function endpointStats(apiKey: string, input: EndpointStatsInput) {
  const now = nowMs();
  const requested = statsBucketOf(input.since ?? now - defaultStatsWindowMs);
  const read = requireEndpointAndConfig(apiKey, input.endpointId);
  // The first bucket wholly within the retention: no count of an expired message is shown.
  const retained = read.then(({ config }) => {
    const cutoff = retentionCutoff(config.messageRetentionDays, now);
    return Math.ceil(cutoff / statsBucketMs) * statsBucketMs;
  });
  const first = Math.max(requested, statsBucketOf(longestRetentionCutoff(now)));
  const [, counts, since] = await Promise.all([
    read,
    readStatusCounts(apiKey, input.endpointId, first, statsBucketOf(now), retained),
    retained.then((bucket) => Math.max(requested, bucket)),
  ]);
  return {
    success: counts.succeeded,
    fail: counts.dead,
    pending: counts.pending,
    sending: counts.sending,
    since,
  };
}
