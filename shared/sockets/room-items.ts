import { batchWrite } from '../db/batch';
import type { ItemKey } from '../db/key-parts';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';

/**
 * Items of a room's realtime partition that outlive its connections: the live state kept for late
 * joiners and the room counts, deleted when the document or organization goes.
 */

/**
 * Deletes every item of an organization's realtime partition under `prefix`, and the `also` keys:
 * one Query for the keys, one BatchWriteItem per 25.
 */
async function deleteUnder(apiKey: string, organizationId: string, prefix: string, also: ItemKey[] = []) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.realtimePartition(apiKey, organizationId), ':prefix': prefix },
    ProjectionExpression: 'pk, sk',
  });
  const found = items.map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
  await batchWrite([...found, ...also].map((key) => ({ delete: key })));
}

/**
 * Deletes the live state of a document, its values and its index (or, without `documentId`, of
 * every document of the organization: the `LIVE#` prefix holds the indexes too).
 */
export async function deleteLiveStates(apiKey: string, organizationId: string, documentId?: string) {
  if (documentId === undefined) await deleteUnder(apiKey, organizationId, keys.liveStatesPrefix);
  else
    await deleteUnder(apiKey, organizationId, keys.liveStatePrefix(organizationId, documentId), [
      keys.liveStateIds(apiKey, organizationId, documentId),
    ]);
}

/**
 * Deletes the room counts of a deleted document (or organization): its connections are closed by
 * then, and a count left behind would only expire with its TTL.
 */
export async function deleteRoomCounts(apiKey: string, organizationId: string, documentId?: string) {
  await deleteUnder(
    apiKey,
    organizationId,
    documentId === undefined ? keys.roomCountsPrefix : keys.roomCountPrefix(organizationId, documentId),
  );
}
