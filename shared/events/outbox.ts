import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { inTable, type TransactItem } from '../db/batch';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import type { PublishedEvent } from './schemas';

/** Outbox items expire a week after publication; delivery state lives elsewhere once fanned out. */
const outboxRetentionSeconds = 7 * 24 * 60 * 60;

/** What a producer says about an event; id, platform and timestamp are filled in. */
export type NewEvent = Omit<PublishedEvent, 'id' | 'platform' | 'timestamp'>;

/** A complete event from a producer's description. */
export function createEvent(event: NewEvent, now = Date.now()): PublishedEvent {
  return { ...event, id: `evt_${randomUUID()}`, platform: 'api', timestamp: now };
}

function outboxItem(apiKey: string, event: PublishedEvent) {
  return {
    ...keys.outboxEvent(apiKey, event.timestamp, event.id),
    entity: 'outboxEvent',
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
