import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { env } from '../config/env';
import { inTable, type TransactItem, transactWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { dueIndexKeys } from '../db/entities/lifecycle';
import { keys } from '../db/keys';
import { queryPage, withoutKeys } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import { logEventOf } from './message-log-schemas';
import {
  endpointIdOf,
  type MessageRecord,
  type MessageRef,
  messageRecord,
  type TargetId,
} from './message-schemas';
import { longestRetentionCutoff, messageTtl } from './retention';
import { countStatusChange, statsStatusOf } from './stats-repository';

/** The key of the message a ref locates. */
export const messageKey = (ref: MessageRef) =>
  keys.webhookDelivery(ref.apiKey, ref.targetId, ref.eventTimestamp, ref.eventId);

/**
 * The due-index attributes of a pending message (shared/reconcile): due at its next attempt, plus
 * the reconciler's grace when an attempt task for it is on its way (only a lost task makes it
 * overdue then). A message that is done leaves the index.
 */
export const dueAt = (ref: MessageRef, nextAttemptAt: number, taskSent: boolean) =>
  dueIndexKeys(messageKey(ref), nextAttemptAt + (taskSent ? env().RECONCILE_GRACE_SECONDS * 1000 : 0));

/** The message a stored item locates (its API key is stored on it for the reconciler). */
export const refOfItem = (item: Record<string, unknown>, record: MessageRecord): MessageRef => ({
  apiKey: String(item.apiKey),
  targetId: record.targetId,
  eventTimestamp: record.event.timestamp,
  eventId: record.event.id,
});
/** The message a stored item holds. */
export const messageFromItem = (item: Record<string, unknown>) => messageRecord.parse(withoutKeys(item));

/** Runs a conditional write; false when its condition failed. */
export async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

const refOfRecord = (apiKey: string, record: MessageRecord): MessageRef => ({
  apiKey,
  targetId: record.targetId,
  eventTimestamp: record.event.timestamp,
  eventId: record.event.id,
});

/**
 * A new message's item, due (in the reconciler's index) once its first attempt task could be lost.
 * A message to an endpoint is also in its API key's message log (gsi9), with what the log shows of
 * its event and filters on (`logEvent`, a few dozen bytes of the event); every message expires
 * `retentionDays` after its event.
 */
function messageItem(apiKey: string, record: MessageRecord, retentionDays: number) {
  const ref = refOfRecord(apiKey, record);
  const endpointId = endpointIdOf(record.targetId);
  const { event } = record;
  return {
    ...messageKey(ref),
    ...dueAt(ref, record.nextAttemptAt, true),
    ...(endpointId !== undefined && {
      ...keys.webhookMessageLog(apiKey, event.timestamp, event.id, endpointId),
      logEvent: logEventOf(event),
    }),
    entity: entities.webhookDelivery.name,
    apiKey,
    ...record,
    ttl: messageTtl(event.timestamp, retentionDays),
  };
}

/** Counts new messages of endpoints in their stats (stats-repository.ts). */
const countNewMessages = (apiKey: string, records: readonly MessageRecord[], now: number) =>
  Promise.all(
    records.map((record) =>
      countStatusChange(apiKey, record.targetId, record.event.timestamp, undefined, 'pending', now),
    ),
  );

/**
 * Stores a new message unless it exists (fan-out replays of a stream record are harmless), kept
 * `retentionDays`. Returns the stored record: the new one, or the one written before.
 */
export async function insertMessage(
  apiKey: string,
  record: MessageRecord,
  retentionDays: number,
): Promise<MessageRecord> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: messageItem(apiKey, record, retentionDays),
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    await countNewMessages(apiKey, [record], record.createdAt);
    return record;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException && error.Item) {
      return (await findMessage(refOfRecord(apiKey, record))) ?? record;
    }
    throw error;
  }
}

/**
 * Stores an event's new messages and `alongside` (the outbox event's fanned-out mark, its profile
 * mentions) in one transaction, each message on condition that it does not exist: one call instead
 * of one per message. Returns false, writing nothing, when a condition fails (a replayed stream
 * record whose messages exist: the caller takes them one by one) or the transaction meets a
 * concurrent one.
 */
export async function insertNewMessages(
  apiKey: string,
  records: readonly MessageRecord[],
  retentionDays: number,
  alongside: readonly TransactItem[],
): Promise<boolean> {
  try {
    await transactWrite([
      ...records.map((record) => ({
        Put: inTable({
          Item: messageItem(apiKey, record, retentionDays),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      })),
      ...alongside,
    ]);
    await countNewMessages(apiKey, records, records[0]?.createdAt ?? 0);
    return true;
  } catch (error) {
    if (cancellationReasons(error) !== undefined) return false;
    throw error;
  }
}

/** One message (strongly consistent), or undefined. */
export async function findMessage(ref: MessageRef): Promise<MessageRecord | undefined> {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: messageKey(ref), ConsistentRead: true }),
  );
  return output.Item ? messageFromItem(output.Item) : undefined;
}

/** Dead-letters a pending message without further attempts (its endpoint is gone or disabled). */
export async function abandonMessage(ref: MessageRef, reason: string, now: number): Promise<void> {
  let before: Record<string, unknown> | undefined;
  const abandoned = await conditionally(async () => {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression:
          'SET #status = :dead, reason = :reason, updatedAt = :now REMOVE gsi7pk, gsi7sk, claimedUntil',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':dead': 'dead', ':pending': 'pending', ':reason': reason, ':now': now },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    before = output.Attributes;
  });
  if (abandoned && before) {
    const from = statsStatusOf({ status: 'pending', attemptCount: Number(before.attemptCount ?? 0) });
    await countStatusChange(ref.apiKey, ref.targetId, ref.eventTimestamp, from, 'dead', now);
  }
}

/**
 * Puts a dead message back to pending with a fresh retry schedule, and marks the next attempt as
 * enqueued (the caller sends its task). Returns the updated record, or undefined unless it was dead.
 * A recover task (`recoverTaskId`) marks the message as its own (`recoveredBy`) in the same write
 * and never revives a message it revived before, so a task redoing a step sends nothing twice.
 */
export async function reviveMessage(
  ref: MessageRef,
  now: number,
  recoverTaskId?: string,
): Promise<MessageRecord | undefined> {
  const due = dueAt(ref, now, true);
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: `SET #status = :pending, attemptBase = attemptCount, enqueuedAttempt = attemptCount + :one, nextAttemptAt = :now, updatedAt = :now, gsi7pk = :duePk, gsi7sk = :dueSk${recoverTaskId === undefined ? '' : ', recoveredBy = :task'} REMOVE reason, claimedUntil`,
        ConditionExpression:
          recoverTaskId === undefined
            ? '#status = :dead'
            : '#status = :dead AND (attribute_not_exists(recoveredBy) OR recoveredBy <> :task)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':dead': 'dead',
          ':one': 1,
          ':now': now,
          ':duePk': due.gsi7pk,
          ':dueSk': due.gsi7sk,
          ...(recoverTaskId !== undefined && { ':task': recoverTaskId }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const revived = messageFromItem(output.Attributes ?? {});
    await countStatusChange(
      ref.apiKey,
      ref.targetId,
      ref.eventTimestamp,
      'dead',
      statsStatusOf(revived),
      now,
    );
    return revived;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** A window of event times, both ends included (epoch ms). */
export interface EventWindow {
  since: number;
  until: number;
}

/**
 * One Query page of a target's messages whose events fall in `window`, oldest first, filtered by
 * status (`#status`) with `query`'s own filter, projection and values.
 */
const queryWindow = (
  apiKey: string,
  targetId: TargetId,
  window: EventWindow,
  startKey: Record<string, unknown> | undefined,
  query: Omit<QueryCommandInput, 'TableName' | 'KeyConditionExpression' | 'ExclusiveStartKey'>,
) =>
  db().send(
    new QueryCommand({
      ...query,
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :since AND :afterUntil',
      ExpressionAttributeNames: { '#status': 'status', ...query.ExpressionAttributeNames },
      ExpressionAttributeValues: {
        ':pk': keys.webhookDeliveryPartition(apiKey, targetId),
        ':since': keys.eventTimeBound(window.since),
        ':afterUntil': keys.eventTimeBound(window.until + 1),
        ':dead': 'dead',
        ...query.ExpressionAttributeValues,
      },
      ExclusiveStartKey: startKey,
    }),
  );

/**
 * Counts the dead messages of a target in a window, one Query page (up to 1 MB read) at a time:
 * the count of this page and where the next starts.
 */
export async function countDeadMessages(
  apiKey: string,
  targetId: TargetId,
  window: EventWindow,
  startKey: Record<string, unknown> | undefined,
) {
  const output = await queryWindow(apiKey, targetId, window, startKey, {
    FilterExpression: '#status = :dead',
    Select: 'COUNT',
  });
  return { count: output.Count ?? 0, nextKey: output.LastEvaluatedKey };
}

/**
 * A page of the messages of a target in a window that a recover task still has to send or already
 * revived (a step it redoes), oldest first: at most `limit` messages looked at, only their ids and
 * state read. Each says whether the task revived it already (`recoveredBy`).
 */
export async function recoverableMessages(
  apiKey: string,
  targetId: TargetId,
  window: EventWindow,
  taskId: string,
  limit: number,
  startKey: Record<string, unknown> | undefined,
) {
  const output = await queryWindow(apiKey, targetId, window, startKey, {
    FilterExpression: '#status = :dead OR recoveredBy = :task',
    ProjectionExpression: '#event.id, #event.#timestamp, recoveredBy',
    ExpressionAttributeNames: { '#event': 'event', '#timestamp': 'timestamp' },
    ExpressionAttributeValues: { ':task': taskId },
    Limit: limit,
  });
  const messages = (output.Items ?? []).map((item) => {
    const event = item.event as { id: string; timestamp: number };
    const ref: MessageRef = { apiKey, targetId, eventTimestamp: event.timestamp, eventId: event.id };
    return { ref, revivedBefore: item.recoveredBy === taskId };
  });
  return { messages, nextKey: output.LastEvaluatedKey };
}

/**
 * One page of a target's messages, newest first (one Query), none past the longest retention (the
 * caller drops those past its API key's own).
 */
export async function listMessages(
  apiKey: string,
  targetId: TargetId,
  limit: number,
  startKey: Record<string, unknown> | undefined,
  now: number,
) {
  const page = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND sk >= :oldest',
      ExpressionAttributeValues: {
        ':pk': keys.webhookDeliveryPartition(apiKey, targetId),
        ':oldest': keys.eventTimeBound(longestRetentionCutoff(now)),
      },
      ScanIndexForward: false,
    },
    limit,
    startKey,
  );
  return { messages: page.items.map(messageFromItem), nextKey: page.nextKey };
}
