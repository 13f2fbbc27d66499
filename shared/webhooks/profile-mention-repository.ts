import { batchGet, batchWrite, inTable, type TransactItem } from '../db/batch';
import { applyConditionalUpdates, setIfExists } from '../db/conditional-updates';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { embeddedProfileIds, stubProfileCopies } from '../plugins/profile-stub';
import { messageRetention } from '../settings/webhook-config-schemas';
import type { PublishedEvent } from './event-schemas';
import type { TargetId } from './message-schemas';
import { messageTtl } from './retention';

/**
 * Profile mentions (decisions §78): an event carrying users' profiles (a comment's author, an
 * assignee, a notification's actor) that went out as webhook messages gets one small item per
 * user, listed among the user's data (gsi8), naming the event and its targets. A user's erasure
 * (shared/erasure/user-erasure.ts) finds them there and stubs the profile in those messages and in
 * the event's outbox item; `users/data/get` does not list them.
 */

type Item = Record<string, unknown>;

/**
 * The mention items of an event's messages to `targets`: one per user whose profile it carries,
 * listed under the event's organization (an event without one is listed under the empty id, which
 * an erasure of every organization reaches).
 */
export function profileMentions(apiKey: string, event: PublishedEvent, targets: readonly TargetId[]): Item[] {
  if (targets.length === 0) return [];
  return [...embeddedProfileIds(event.data)].map((userId) => ({
    ...keys.webhookProfileMention(apiKey, userId, event.timestamp, event.id),
    ...keys.userDataListing(apiKey, userId, event.organizationId ?? '', 'webhook', event.id),
    entity: entities.webhookProfileMention.name,
    apiKey,
    userId,
    eventId: event.id,
    eventTimestamp: event.timestamp,
    targetIds: [...targets],
    // As long as the longest-kept message: a mention outlives every message it names.
    ttl: messageTtl(event.timestamp, messageRetention.maxDays),
  }));
}

/** Mention items as transaction items (written with the messages they name). */
export const mentionPuts = (mentions: readonly Item[]): TransactItem[] =>
  mentions.map((Item) => ({ Put: inTable({ Item }) }));

/** Writes mention items on their own (idempotent puts, 25 per BatchWriteItem). */
export const writeMentions = (mentions: readonly Item[]): Promise<void> =>
  batchWrite(mentions.map((put) => ({ put })));

/**
 * Stubs `userId`'s profile in the messages and the outbox item a mention names (one BatchGetItem,
 * then one conditional write per item that changes: an expired item is not recreated), then
 * deletes the mention. Returns how many messages it rewrote. Idempotent.
 */
export async function stubMentionedMessages(mention: Item, userId: string): Promise<number> {
  const apiKey = String(mention.apiKey);
  const eventId = String(mention.eventId);
  const eventTimestamp = Number(mention.eventTimestamp);
  const messageKeys = (mention.targetIds as string[]).map((targetId) =>
    keys.webhookDelivery(apiKey, targetId, eventTimestamp, eventId),
  );
  const outboxKey = keys.outboxEvent(apiKey, eventTimestamp, eventId);
  const stored = await batchGet([...messageKeys, outboxKey], undefined, true);
  type Rewrite = { key: { pk: string; sk: string }; fields: Item; message: boolean };
  const rewrites = stored.flatMap((item): Rewrite[] => {
    const key = { pk: String(item.pk), sk: String(item.sk) };
    if (item.entity === entities.outboxEvent.name) {
      const data = stubProfileCopies(item.data, userId);
      return data === item.data ? [] : [{ key, fields: { data }, message: false }];
    }
    const event = stubProfileCopies(item.event, userId);
    return event === item.event ? [] : [{ key, fields: { event }, message: true }];
  });
  await applyConditionalUpdates(rewrites.map(({ key, fields }) => setIfExists(key, fields)));
  await batchWrite([{ delete: { pk: String(mention.pk), sk: String(mention.sk) } }]);
  return rewrites.filter((rewrite) => rewrite.message).length;
}
