import { nowMs } from '../core/clock';
import type { TransactItem } from '../db/batch';
import type { EndpointRecord } from './endpoint-schemas';
import { actionTypeOf, type EventTypeName, type eventTypes, operationalEventTypes } from './event-schemas';
import { type AttemptRecord, attemptIdOf, type MessageRecord } from './message-schemas';
import { createCatalogEvent, outboxPut } from './outbox';

/**
 * Operational events (addendum §11, decisions §76): events about delivery itself, published in the
 * same transaction as the change they describe, so each change has exactly one. Who receives them:
 * targets.ts.
 */

/** The catalog's operational event types (marked `operational` in event-schemas.ts). */
type OperationalEventType = {
  [Name in EventTypeName]: (typeof eventTypes)[Name] extends { operational: true } ? Name : never;
}[EventTypeName];

/** The transaction item publishing an operational event about an endpoint. */
function endpointEvent(
  apiKey: string,
  type: OperationalEventType,
  endpoint: Pick<EndpointRecord, 'endpointId' | 'uid'>,
  extra: Record<string, unknown> = {},
  now = nowMs(),
): TransactItem {
  const data = { endpointId: endpoint.endpointId, endpointUid: endpoint.uid, ...extra };
  const event = createCatalogEvent(
    { event: type, actionType: actionTypeOf(type), source: 'webhook', data },
    now,
  );
  return outboxPut(apiKey, event);
}

/** The events of a new endpoint. */
export const endpointCreatedEvents = (apiKey: string, endpoint: EndpointRecord) => [
  endpointEvent(apiKey, 'endpoint.created', endpoint),
];

/** The events of a deleted endpoint. */
export const endpointDeletedEvents = (apiKey: string, endpoint: EndpointRecord) => [
  endpointEvent(apiKey, 'endpoint.deleted', endpoint),
];

/**
 * The events of an endpoint changed from `before` to `after`: `endpoint.updated` for a change by the
 * caller, and `endpoint.disabled` when it goes from enabled to disabled (`reason`).
 */
export function endpointChangedEvents(
  apiKey: string,
  before: EndpointRecord,
  after: Pick<EndpointRecord, 'disabled'>,
  reason: 'manual' | 'failing',
): TransactItem[] {
  const disabled = !before.disabled && after.disabled;
  return [
    ...(reason === 'manual' ? [endpointEvent(apiKey, 'endpoint.updated', before)] : []),
    ...(disabled ? [endpointEvent(apiKey, 'endpoint.disabled', before, { reason })] : []),
  ];
}

/** Failed attempts in a row that make a message `failing`. */
const failingAfter = 4;

/**
 * The events of a scheduled attempt recorded on a message to an endpoint (before it, `message`):
 * `message.attempt.failing` at its 4th failure in a row, `.exhausted` when it dead-letters the
 * message, `.recovered` for a success right after a failure. None for a message that is itself an
 * operational event: two endpoints that are down and watch each other would otherwise send each
 * other events without end, twice as many at each round.
 */
export function attemptEvents(
  apiKey: string,
  endpoint: Pick<EndpointRecord, 'endpointId' | 'uid'>,
  message: Pick<MessageRecord, 'event' | 'attempts'>,
  attempt: AttemptRecord,
  status: 'succeeded' | 'pending' | 'dead',
): TransactItem[] {
  if (operationalEventTypes.has(message.event.event)) return [];
  const outcomes = [...message.attempts, attempt].map((each) => each.outcome === 'success');
  const lastSuccess = outcomes.lastIndexOf(true, outcomes.length - 2);
  const failuresInARow = attempt.outcome === 'success' ? 0 : outcomes.length - 1 - lastSuccess;
  const types: OperationalEventType[] = [
    ...(failuresInARow === failingAfter ? (['message.attempt.failing'] as const) : []),
    ...(status === 'dead' ? (['message.attempt.exhausted'] as const) : []),
    ...(attempt.outcome === 'success' && outcomes.at(-2) === false
      ? (['message.attempt.recovered'] as const)
      : []),
  ];
  const data = {
    messageId: message.event.id,
    eventType: message.event.event,
    lastAttempt: {
      attemptId: attemptIdOf(message.event.id, endpoint.endpointId, 'scheduled', attempt.attempt),
      statusCode: attempt.statusCode,
      at: attempt.at,
    },
  };
  return types.map((type) => endpointEvent(apiKey, type, endpoint, data));
}
