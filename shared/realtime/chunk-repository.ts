import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config/env';
import { batchWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';
import { base64Length, maxMessageBytes, maxMessageParts } from '../sockets/frames';
import { live, seconds } from '../sockets/repository';

/** Parts of a message still unfinished after this long are left to TTL (and to `$disconnect`). */
const chunkTtlSeconds = 10 * 60;

/** One `~` part as `parseFrame` read it. */
export interface ChunkPart {
  messageId: string;
  index: number;
  count: number;
  payload: string;
}

/** What storing a part found: the joined base64 text once complete, or why it stopped. */
export type ChunkOutcome =
  | { kind: 'complete'; text: string }
  | { kind: 'pending' }
  | { kind: 'refused'; reason: 'cap' | 'size' | 'missing' };

/** Parts of different counts are different messages: the key joins the id and the count. */
const messageKeyOf = (part: ChunkPart) => `${part.messageId}.${part.count}`;

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Stores one part of a chunked client message (addendum §9) within the connection's caps, and
 * joins the message once every index of it has arrived. Consecutive frames of a connection may
 * run in different Lambda instances, so parts live in the table: a part is put first, then counted
 * in the connection's tally (`ADD parts 1, messages <key>, r:<key> <index>`, conditioned on
 * `REALTIME_MAX_UNFINISHED_PARTS` and `REALTIME_MAX_UNFINISHED_MESSAGES`); a part the tally refuses
 * is deleted again. The frame whose index completes the set reads that message's parts alone (one
 * Query of at most `count` ≤ 187 items of ≤ 30,000 characters), deletes them and releases them from
 * the tally. A message over 4 MiB (the REST limit) is refused. Costs per part: one Put and one
 * small Update; the completing part adds one Query and the deletes.
 */
export async function storeChunk(connectionId: string, part: ChunkPart, now: number): Promise<ChunkOutcome> {
  if (part.count > maxMessageParts) return { kind: 'refused', reason: 'size' };
  const messageKey = messageKeyOf(part);
  const ttl = seconds(now) + chunkTtlSeconds;
  const partKey = keys.connectionChunk(connectionId, messageKey, part.index);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...partKey,
        entity: entities.realtimeChunk.name,
        count: part.count,
        index: part.index,
        payload: part.payload,
        createdAt: now,
        updatedAt: now,
        ttl,
      },
    }),
  );
  const received = await tallyPart(connectionId, messageKey, part.index, now, ttl);
  if (typeof received === 'string') {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: partKey }));
    return { kind: 'refused', reason: received };
  }
  if (received < part.count) return { kind: 'pending' };
  const parts = await readParts(connectionId, messageKey, part.count, now);
  await releaseMessage(connectionId, messageKey, part.count, now);
  if (!parts) return { kind: 'refused', reason: 'missing' };
  const text = parts.join('');
  return text.length > base64Length(maxMessageBytes)
    ? { kind: 'refused', reason: 'size' }
    : { kind: 'complete', text };
}

/**
 * Counts a stored part in the connection's tally; returns how many distinct indexes of its message
 * have arrived, or `cap` when the parts or messages cap refused it. The tally's `parts` counts every part stored (a repeated
 * index too), so the stored items of a connection never pass the cap.
 */
async function tallyPart(
  connectionId: string,
  messageKey: string,
  index: number,
  now: number,
  ttl: number,
): Promise<number | 'cap'> {
  const { REALTIME_MAX_UNFINISHED_PARTS: maxParts, REALTIME_MAX_UNFINISHED_MESSAGES: maxMessages } = env();
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.connectionChunkTally(connectionId),
        UpdateExpression:
          'ADD parts :one, messages :message, #received :index ' +
          'SET entity = :entity, createdAt = if_not_exists(createdAt, :now), updatedAt = :now, #ttl = :ttl',
        ConditionExpression:
          '(attribute_not_exists(parts) OR parts < :maxParts) AND ' +
          '(attribute_not_exists(messages) OR contains(messages, :key) OR size(messages) < :maxMessages)',
        ExpressionAttributeNames: { '#received': `r:${messageKey}`, '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':message': new Set([messageKey]),
          ':key': messageKey,
          ':index': new Set([index]),
          ':entity': entities.realtimeChunkTally.name,
          ':now': now,
          ':ttl': ttl,
          ':maxParts': maxParts,
          ':maxMessages': maxMessages,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const received = output.Attributes?.[`r:${messageKey}`] as Set<number> | undefined;
    return received?.size ?? 0;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return 'cap';
  }
}

/** A complete message's parts in index order (one consistent Query of its own prefix), or undefined if one expired. */
async function readParts(connectionId: string, messageKey: string, count: number, now: number) {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.connectionChunkTally(connectionId).pk,
        ':prefix': keys.connectionChunkPrefix(messageKey),
      },
      Limit: count,
      ConsistentRead: true,
    }),
  );
  const payloads = new Map(
    (output.Items ?? [])
      .filter((item) => live(item, now))
      .map((item) => [item.index as number, item.payload]),
  );
  const ordered = Array.from({ length: count }, (_, index) => payloads.get(index));
  return ordered.every((payload) => typeof payload === 'string') ? (ordered as string[]) : undefined;
}

/** Deletes a finished message's parts and takes it out of the tally. */
async function releaseMessage(connectionId: string, messageKey: string, count: number, now: number) {
  await Promise.all([
    batchWrite(
      Array.from({ length: count }, (_, index) => ({
        delete: keys.connectionChunk(connectionId, messageKey, index),
      })),
    ),
    db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.connectionChunkTally(connectionId),
          UpdateExpression:
            'REMOVE #received ADD parts :release DELETE messages :message SET updatedAt = :now',
          ConditionExpression: 'contains(messages, :key)',
          ExpressionAttributeNames: { '#received': `r:${messageKey}` },
          ExpressionAttributeValues: {
            ':release': -count,
            ':message': new Set([messageKey]),
            ':key': messageKey,
            ':now': now,
          },
        }),
      )
      .catch((error: unknown) => {
        // A concurrent completing frame of the same message released it already.
        if (!isConditionFailure(error)) throw error;
      }),
  ]);
}

/**
 * Deletes what a connection left under its id besides the connection item: unfinished parts, the
 * tally, the frame-rate window (`$disconnect`; bounded by the caps, so one Query page or two).
 */
export async function deleteConnectionScratch(connectionId: string): Promise<void> {
  const { pk } = keys.connectionById(connectionId);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'pk, sk',
  });
  const connectionSk = keys.connectionById(connectionId).sk;
  await batchWrite(
    items
      .filter((item) => item.sk !== connectionSk)
      .map((item) => ({ delete: { pk: item.pk as string, sk: item.sk as string } })),
  );
}
