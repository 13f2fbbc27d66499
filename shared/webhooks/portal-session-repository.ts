import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';

/** A portal session as stored (addendum §11): what its token may do, until when (its token says so too). */
export interface PortalSessionRecord {
  sessionId: string;
  readOnly: boolean;
  endpointIds?: string[];
  expiresAt: number;
}

/** What auth reads of a session: what its token may do. */
export type PortalSessionScope = Omit<PortalSessionRecord, 'expiresAt'>;

/** Stores a new session; it expires with its token (TTL, in seconds). */
export async function insertPortalSession(apiKey: string, session: PortalSessionRecord, now: number) {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.portalSession(apiKey, session.sessionId),
        entity: entities.portalSession.name,
        ...session,
        createdAt: now,
        ttl: Math.ceil(session.expiresAt / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * A session of the API key (strongly consistent: a revoke takes effect at once), or undefined once
 * revoked or removed by its TTL.
 */
export async function findPortalSession(
  apiKey: string,
  sessionId: string,
): Promise<PortalSessionScope | undefined> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.portalSession(apiKey, sessionId),
      ConsistentRead: true,
      ProjectionExpression: 'sessionId, readOnly, endpointIds',
    }),
  );
  return Item as PortalSessionScope | undefined;
}

/** Ends a session (idempotent). */
export async function deletePortalSession(apiKey: string, sessionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.portalSession(apiKey, sessionId) }));
}
