import { apiKeyPartition, encodeKeyPart, type ItemKey, join, timelineSortKey } from '../key-parts';
import { defineArea } from './definition';

/** Webhook endpoints of an API key, the transactional outbox and webhook deliveries (issue 6). */
export const webhooksArea = defineArea({
  entities: {
    webhookEndpoint: {},
    webhookEndpointUid: {},
    webhookEndpointCount: {},
    webhookEndpointState: {},
    webhookDelivery: { indexes: ['gsi7', 'gsi9'] },
    outboxEvent: { indexes: ['gsi7'] },
    webhookEndpointStats: {},
    portalSession: {},
    webhookRecoverTask: { indexes: ['gsi7'] },
    webhookProfileMention: { indexes: ['gsi8'] },
  },
  accessPatterns: {
    endpointsOfApiKey: { index: 'table' },
    endpoint: { index: 'table' },
    createEndpoint: { index: 'table' },
    deleteEndpoint: { index: 'table' },
    outboxEvent: { index: 'table' },
    outboxEventsToFanOut: { index: 'stream' },
    startMessage: { index: 'table' },
    claimAttempt: { index: 'table' },
    recordAttempt: { index: 'table' },
    replayMessage: { index: 'table' },
    message: { index: 'table' },
    messagesOfTarget: { index: 'table' },
    endpointDeliveryState: { index: 'table' },
    markOutboxEventFannedOut: { index: 'table' },
    messagesOfApiKey: { index: 'gsi9' },
    endpointsOfMessage: { index: ['gsi9', 'table'] },
    requestManualAttempt: { index: 'table' },
    manualAttempt: { index: 'table' },
    countMessageStatus: { index: 'table' },
    endpointStats: { index: 'table' },
    portalSession: { index: 'table' },
    recoverTask: { index: 'table' },
    deadMessagesOfEndpointInWindow: { index: 'table' },
    profileMention: { index: 'table' },
  },
});

/** The keys of webhook endpoints, outbox events and deliveries. */
export const webhookKeys = {
  /** The partition of an API key's webhook endpoints and their uid reservations. */
  webhookPartition: (apiKey: string) => apiKeyPartition(apiKey, 'WEBHOOK'),
  /** Endpoint ids are time-ordered, so the sort key lists a key's endpoints by creation time. */
  webhookEndpoint: (apiKey: string, endpointId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: join('ENDPOINT', encodeKeyPart(endpointId)),
  }),
  /** Sort-key prefix selecting an API key's webhook endpoints (not their uid reservations). */
  webhookEndpointPrefix: 'ENDPOINT#',
  webhookEndpointUid: (apiKey: string, uid: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: join('UID', encodeKeyPart(uid)),
  }),
  /**
   * How many endpoints the API key holds: incremented (conditionally, below the cap) in the create
   * transaction and decremented in the delete transaction. Not under the `ENDPOINT#` prefix.
   */
  webhookEndpointCount: (apiKey: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: 'COUNT#ENDPOINTS',
  }),
  /**
   * A published event waiting in the transactional outbox: written in the same transaction as the
   * change it describes; the table's stream carries it on to webhook delivery. Time-ordered.
   */
  outboxEvent: (apiKey: string, timestamp: number, eventId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'EVENTS'),
    sk: join(String(timestamp).padStart(15, '0'), encodeKeyPart(eventId)),
  }),
  /**
   * One webhook delivery (an event to one target: an endpoint, or a basic-webhook URL), in a
   * partition per target so an endpoint's messages list newest first in one Query.
   */
  webhookDelivery: (apiKey: string, targetId: string, eventTimestamp: number, eventId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'DELIVERY', encodeKeyPart(targetId)),
    sk: join(String(eventTimestamp).padStart(15, '0'), encodeKeyPart(eventId)),
  }),
  webhookDeliveryPartition: (apiKey: string, targetId: string) =>
    apiKeyPartition(apiKey, 'DELIVERY', encodeKeyPart(targetId)),
  /** An endpoint's delivery state: next allowed send time (rate limit) and when failures began. */
  webhookEndpointState: (apiKey: string, endpointId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: join('STATE', encodeKeyPart(endpointId)),
  }),
  /**
   * Index keys (gsi9) placing a message to an endpoint in its API key's message log: newest first by
   * event time, the messages of one event side by side (the endpoint id last), so a page of events
   * with each one's endpoints is one Query. Basic-webhook messages are not in it.
   */
  webhookMessageLog: (apiKey: string, eventTimestamp: number, eventId: string, endpointId: string) => ({
    gsi9pk: apiKeyPartition(apiKey, 'MESSAGES'),
    gsi9sk: join(timelineSortKey(eventTimestamp, eventId), encodeKeyPart(endpointId)),
  }),
  webhookMessageLogPartition: (apiKey: string) => apiKeyPartition(apiKey, 'MESSAGES'),
  /** Sort-key prefix of one event's messages in the message log. */
  webhookMessageLogPrefix: (eventTimestamp: number, eventId: string) =>
    join(timelineSortKey(eventTimestamp, eventId), ''),
  /**
   * A sort-key bound by event time, for the message log and a target's messages: every message of
   * an event at or after `timestamp` sorts above it, every one before it below.
   */
  eventTimeBound: (timestamp: number) => String(Math.max(0, Math.floor(timestamp))).padStart(15, '0'),
  /**
   * Counts of an endpoint's messages by status, for the messages whose events fall in one time
   * bucket (`bucketStart`, epoch ms): an endpoint's stats since a time are one Query of its buckets.
   */
  webhookEndpointStats: (apiKey: string, endpointId: string, bucketStart: number): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOKSTATS', encodeKeyPart(endpointId)),
    sk: String(bucketStart).padStart(15, '0'),
  }),
  /**
   * A portal session of an API key (addendum §11): what its token may do. Revoking deletes it; it
   * expires with its token (TTL).
   */
  portalSession: (apiKey: string, sessionId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: join('PORTAL', encodeKeyPart(sessionId)),
  }),
  /**
   * A recover task of an API key (endpoints/recover): the dead messages of one endpoint in a window
   * sent again by a resumable background job; in the due index while it runs.
   */
  webhookRecoverTask: (apiKey: string, taskId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: join('RECOVER', encodeKeyPart(taskId)),
  }),
  /**
   * A user's profile carried by an event that went out as webhook messages: where the user's erasure
   * finds the messages (and the outbox item) to stub. Listed among the user's data (gsi8).
   */
  webhookProfileMention: (
    apiKey: string,
    userId: string,
    eventTimestamp: number,
    eventId: string,
  ): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOKUSER', encodeKeyPart(userId)),
    sk: join(String(eventTimestamp).padStart(15, '0'), encodeKeyPart(eventId)),
  }),
  webhookEndpointStatsPartition: (apiKey: string, endpointId: string) =>
    apiKeyPartition(apiKey, 'WEBHOOKSTATS', encodeKeyPart(endpointId)),
  /** The partition of an API key's outbox events (readers of the outbox Query it). */
  outboxPartition: (apiKey: string) => apiKeyPartition(apiKey, 'EVENTS'),
} as const;
