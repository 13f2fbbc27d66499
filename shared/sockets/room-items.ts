import { batchWrite } from '../db/batch';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';

/**
 * Items of a room's realtime partition that outlive its connections: the live state kept for late
 * joiners and the room counts, deleted when the document or organization goes.
 */

/** Deletes every item of an organization's realtime partition under `prefix`: one Query for the keys, one BatchWriteItem per 25. */
async function deleteUnder(apiKey: string, organizationId: string, prefix: string) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.realtimePartition(apiKey, organizationId), ':prefix': prefix },
    ProjectionExpression: 'pk, sk',
  });
  await batchWrite(items.map((item) => ({ delete: { pk: item.pk as string, sk: item.sk as string } })));
}

/**
 * Deletes the live state of a document, its values and its index (or, without `documentId`, of
 * every document of the organization: the `LIVE#` prefix holds the indexes too). A document's index
 * is outside its values' prefix, so it is deleted unread, beside their Query: no round trip more.
 */
export async function deleteLiveStates(apiKey: string, organizationId: string, documentId?: string) {
  if (documentId === undefined) {
    await deleteUnder(apiKey, organizationId, keys.liveStatesPrefix);
    return;
  }
  await Promise.all([
    deleteUnder(apiKey, organizationId, keys.liveStatePrefix(organizationId, documentId)),
    batchWrite([{ delete: keys.liveStateIds(apiKey, organizationId, documentId) }]),
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
