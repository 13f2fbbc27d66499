import { apiKeyPartition, encodeKeyPart, type ItemKey, join } from '../key-parts';
import { defineArea } from './definition';

/** Webhook endpoints of an API key, the transactional outbox and webhook deliveries (issue 6). */
export const webhooksArea = defineArea({
  entities: {
    webhookEndpoint: {},
    webhookEndpointUid: {},
    webhookEndpointCount: {},
    webhookEndpointState: {},
    webhookDelivery: { indexes: ['gsi7'] },
    outboxEvent: { indexes: ['gsi7'] },
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
  /** The partition of an API key's outbox events (readers of the outbox Query it). */
  outboxPartition: (apiKey: string) => apiKeyPartition(apiKey, 'EVENTS'),
} as const;
