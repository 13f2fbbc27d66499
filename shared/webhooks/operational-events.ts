import { nowMs } from '../core/clock';
import type { TransactItem } from '../db/batch';
import type { EndpointRecord } from './endpoint-schemas';
import { actionTypeOf } from './event-schemas';
import { createCatalogEvent, outboxPut } from './outbox';

/**
 * Operational events (addendum §11, decisions §76): events about delivery itself, published in the
 * same transaction as the change they describe, so each change has exactly one. Who receives them:
 * targets.ts.
 */

type EndpointEventType = 'endpoint.created' | 'endpoint.updated' | 'endpoint.deleted' | 'endpoint.disabled';

/** The transaction item publishing an operational event about an endpoint. */
function endpointEvent(
  apiKey: string,
  type: EndpointEventType,
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
