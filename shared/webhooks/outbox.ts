import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { inTable, type TransactItem } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { dueIndexKeys } from '../db/entities/lifecycle';
import { keys } from '../db/keys';
import { actionTypeOf, eventTypeNamed, type PublishedEvent } from './event-schemas';

/** Outbox items expire a week after publication; delivery state lives elsewhere once fanned out. */
const outboxRetentionSeconds = 7 * 24 * 60 * 60;

/** What a producer says about an event; id, platform and timestamp are filled in. */
export type NewEvent = Omit<PublishedEvent, 'id' | 'platform' | 'timestamp'>;

/**
 * A complete event from a description, as it is: synthetic events of tests and load runs, whose
 * payloads are not a real type's. The service's producers use `createCatalogEvent`.
 */
export function createEvent(event: NewEvent, now = nowMs()): PublishedEvent {
  return { ...event, id: `evt_${randomUUID()}`, platform: 'api', timestamp: now };
}

/**
 * A complete event of a type in the event catalog (event-schemas.ts), checked against it: its
 * source and action type are the type's and its `data` matches the type's schema, the one
 * eventtypes/get publishes. Throws (a programming error, never a client's) for an unknown type or
 * a payload the schema does not describe.
 */
export function createCatalogEvent(event: NewEvent, now = nowMs()): PublishedEvent {
  const type = eventTypeNamed(event.event);
  if (!type) throw new Error(`event type ${event.event} is not in the event catalog`);
  if (event.source !== type.source || event.actionType !== actionTypeOf(event.event))
    throw new Error(`event ${event.event} must have source ${type.source} and its type's action type`);
  const data = type.data.safeParse(event.data);
  if (!data.success)
    throw new Error(`event ${event.event} has data outside its schema: ${data.error.message}`);
  return createEvent(event, now);
}

/**
 * An outbox item is in the due index until it is fanned out: the table stream normally gets there in
 * well under a second, and the reconciler fans out what it has not reached after `FANOUT_GRACE_SECONDS`
 * (a stream batch given up after its retries, a throttled shard).
 */
function outboxItem(apiKey: string, event: PublishedEvent) {
  const key = keys.outboxEvent(apiKey, event.timestamp, event.id);
  return {
    ...key,
    ...dueIndexKeys(key, event.timestamp + env().FANOUT_GRACE_SECONDS * 1000),
    entity: entities.outboxEvent.name,
    apiKey,
    ...event,
    ttl: Math.floor(event.timestamp / 1000) + outboxRetentionSeconds,
  };
}

/**
 * The transaction item that publishes `event` (transactional outbox): put it in the same
 * TransactWriteItems as the change it describes, so a change is never committed without its event.
 */
export function outboxPut(apiKey: string, event: PublishedEvent): TransactItem {
  return { Put: inTable({ Item: outboxItem(apiKey, event) }) };
}

/** Publishes an event on its own, for producers whose change is already durable (one PutItem). */
export async function publish(apiKey: string, event: PublishedEvent): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: outboxItem(apiKey, event) }));
}

/** The update that marks an outbox event fanned out (it leaves the due index), on condition it exists. */
function fannedOutUpdate(apiKey: string, event: Pick<PublishedEvent, 'id' | 'timestamp'>) {
  return {
    TableName: tableName(),
    Key: keys.outboxEvent(apiKey, event.timestamp, event.id),
    UpdateExpression: 'REMOVE gsi7pk, gsi7sk',
    ConditionExpression: 'attribute_exists(pk)',
  };
}

/** The transaction item marking an outbox event fanned out, to write with the messages it started. */
export const fannedOutMark = (
  apiKey: string,
  event: Pick<PublishedEvent, 'id' | 'timestamp'>,
): TransactItem => ({
  Update: fannedOutUpdate(apiKey, event),
});

/** Marks an outbox event fanned out: it leaves the due index (a no-op when it expired or is gone). */
export async function markFannedOut(apiKey: string, event: Pick<PublishedEvent, 'id' | 'timestamp'>) {
  try {
    await db().send(new UpdateCommand(fannedOutUpdate(apiKey, event)));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
