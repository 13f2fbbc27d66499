import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { accessPatterns, entities } from '../db/entities';
import { keys } from '../db/keys';
import { queryAll, withoutKeys } from '../db/query-page';
import { live, seconds } from './repository';
import { type ConnectionRecord, connectionRecord } from './schemas';

/**
 * A stamp outlives every connection that could have read it (connections end within 3 hours):
 * once it expires, no open connection remembers it, and a missing stamp reads as none.
 */
const stampTtlSeconds = 4 * 60 * 60;

/**
 * The organization's access stamp (undefined when none was written in the last 4 hours): one
 * GetItem projected to the stamp, eventually consistent — a stale read delays a re-check by the
 * replication lag at most, and every route that changes access closes or downgrades the affected
 * connections itself.
 */
export async function readAccessStamp(apiKey: string, organizationId: string): Promise<string | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.realtimeAccessStamp(apiKey, organizationId),
      ProjectionExpression: 'stamp',
    }),
  );
  return typeof output.Item?.stamp === 'string' ? output.Item.stamp : undefined;
}

/**
 * Writes a fresh access stamp for each organization (one PutItem each, in parallel), so every open
 * connection of it resolves its access again at its next message past the re-check window. A random
 * value rather than a counter: a stamp that expired and is written again can never repeat the value a
 * connection remembers.
 */
export async function renewAccessStamps(
  apiKey: string,
  organizationIds: readonly string[],
  now: number,
): Promise<void> {
  await Promise.all(
    [...new Set(organizationIds)].map((organizationId) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.realtimeAccessStamp(apiKey, organizationId),
            entity: entities.realtimeAccessStamp.name,
            stamp: randomBytes(9).toString('base64url'),
            createdAt: now,
            updatedAt: now,
            ttl: seconds(now) + stampTtlSeconds,
          },
        }),
      ),
    ),
  );
}

/**
 * A user's live connections in every organization of the API key: one Query of gsi4 (eventually
 * consistent; a connection made in the last instant may be missing, and it meets the access stamp
 * the caller renews).
 */
export async function listUserConnections(
  apiKey: string,
  userId: string,
  now: number,
): Promise<ConnectionRecord[]> {
  const items = await queryAll({
    IndexName: accessPatterns.connectionsOfUser.index,
    KeyConditionExpression: 'gsi4pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.connectionsOfUser(apiKey, userId) },
  });
  return items.filter((item) => live(item, now)).map((item) => connectionRecord.parse(withoutKeys(item)));
}
