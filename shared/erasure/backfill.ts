import { groupMembershipItem } from '../access/repository';
import { reactionIndexItem } from '../comments/write-items';
import { nowMs } from '../core/clock';
import { accessPatterns, entities } from '../db/entities';
import { keys } from '../db/keys';
import { isDeletedUserStub } from '../plugins/profile-stub';
import { type BackfillRange, forEachPage, organizationIdsOf, writeBackfill } from './backfill-repository';

type Item = Record<string, unknown>;

/** What a backfill did so far: items read, items given their missing entries, index items put. */
export interface BackfillProgress {
  organizations: number;
  examined: number;
  rewritten: number;
  indexItems: number;
}

const user = (value: unknown) => (value as { userId: string }).userId;

/**
 * The index entries (and location attributes) an item written before issue 15 lacks, as today's
 * writers add them (decisions §34, §36); undefined when it has them or needs none. A notification
 * whose acting user was erased (the profile is the stub) stays off the user's index.
 */
export function missingEntries(apiKey: string, organizationId: string, item: Item): Item | undefined {
  const listing = (userId: string, feature: string, ...ids: string[]) =>
    keys.userDataListing(apiKey, userId, organizationId, feature, ...ids);
  const documentId = item.documentId as string;
  switch (item.entity) {
    case entities.userAccess.name:
      return item.gsi8pk ? undefined : { organizationId, ...listing(item.userId as string, 'access') };
    case entities.inboxEntry.name:
      return item.gsi8pk
        ? undefined
        : {
            organizationId,
            ...listing(item.userId as string, 'notification', item.notificationId as string),
          };
    case entities.notification.name:
      return item.gsi8pk || isDeletedUserStub(item.actionUser)
        ? undefined
        : listing(user(item.actionUser), 'sent', item.id as string);
    case entities.commentAnnotation.name:
      return item.gsi2pk ? undefined : keys.commentsOrganizationListing(apiKey, organizationId, documentId);
    case entities.activity.name:
      return item.gsi8pk ? undefined : listing(user(item.actionUser), 'activity', item.id as string);
    case entities.judgment.name:
      return item.gsi8pk ? undefined : listing(user(item.actionUser), 'judgment', item.recordId as string);
    case entities.crdtEditor.name:
      if (item.gsi2pk) return undefined;
      return {
        ...keys.crdtOrganizationListing(apiKey, organizationId, documentId),
        ...(typeof item.createdBy === 'string' &&
          listing(item.createdBy, 'crdt', documentId, item.editorId as string)),
      };
    default:
      return undefined;
  }
}

/** A comment's missing entries: where it is (never parsed from keys) and its author's listing. */
function missingCommentEntries(apiKey: string, thread: Item, comment: Item): Item | undefined {
  if (comment.gsi8pk) return undefined;
  const organizationId = thread.organizationId as string;
  return {
    organizationId,
    documentId: thread.documentId,
    ...keys.userDataListing(
      apiKey,
      user(comment.from),
      organizationId,
      'comment',
      comment.annotationId as string,
      comment.commentId as string,
    ),
  };
}

/**
 * Backfills one range of an organization: each page's items get their missing entries; groups and
 * comments get their members' and reactions' index items (re-putting one is harmless). Comments
 * take their location from their thread item, which precedes them in the partition.
 */
async function backfillRange(
  apiKey: string,
  organizationId: string,
  range: BackfillRange,
  progress: BackfillProgress,
  now: number,
  onPage: (items: Item[]) => void = () => {},
) {
  let thread: Item | undefined;
  await forEachPage(range, async (items) => {
    const updates: { item: Item; fields: Item }[] = [];
    const puts: Item[] = [];
    for (const item of items) {
      if (item.entity === entities.commentAnnotation.name) thread = item;
      const fields =
        item.entity === entities.comment.name
          ? thread && missingCommentEntries(apiKey, thread, item)
          : missingEntries(apiKey, organizationId, item);
      if (fields) updates.push({ item, fields });
      if (item.entity === entities.userGroup.name)
        for (const userId of (item.userIds as Set<string> | undefined) ?? [])
          puts.push(groupMembershipItem(apiKey, organizationId, item.groupId as string, userId, now));
      if (item.entity === entities.comment.name && thread) {
        const ref = {
          organizationId,
          documentId: thread.documentId as string,
          annotationId: item.annotationId as string,
        };
        for (const reaction of Object.values((item.reactions ?? {}) as Record<string, Item>))
          puts.push(
            reactionIndexItem(
              apiKey,
              ref,
              item.commentId as string,
              { icon: reaction.icon as string, userId: user(reaction.user) },
              reaction.createdAt as number,
            ),
          );
      }
    }
    progress.indexItems += await writeBackfill(updates, puts);
    progress.examined += items.length;
    progress.rewritten += updates.length;
    onPage(items);
  });
}

/**
 * Gives an organization's items written before issue 15 their lifecycle index entries (decisions
 * §36): the organization partition (access items, groups' members, documents), each document's
 * CRDT heads and comment partition (threads, comments, reactions), activities, judgments, and
 * notifications with, for those not yet listed, their recipients' inbox entries. Idempotent: an
 * item that has its entries is left alone, so a re-run (or a resumed run) only does what is left.
 */
export async function backfillOrganization(
  apiKey: string,
  organizationId: string,
  progress: BackfillProgress,
  now: number,
): Promise<void> {
  const documentIds: string[] = [];
  const unlisted: string[] = [];
  const ranges: { range: BackfillRange; onPage?: (items: Item[]) => void }[] = [
    {
      range: { partition: keys.organization(apiKey, organizationId).pk },
      onPage: (items) => {
        for (const item of items)
          if (item.entity === entities.document.name) documentIds.push(item.documentId as string);
      },
    },
    { range: { partition: keys.activityPartition(apiKey, organizationId) } },
    { range: { partition: keys.judgmentPartition(apiKey, organizationId) } },
    {
      range: { partition: keys.notificationPartition(apiKey, organizationId) },
      // Records listed before this run were written with their inbox entries' entries.
      onPage: (items) => {
        for (const item of items)
          if (item.entity === entities.notification.name && item.gsi8pk === undefined)
            unlisted.push(item.id as string);
      },
    },
  ];
  for (const { range, onPage } of ranges)
    await backfillRange(apiKey, organizationId, range, progress, now, onPage);
  const later: BackfillRange[] = [
    ...documentIds.flatMap((documentId) => [
      { partition: keys.crdtPartition(apiKey, organizationId, documentId), prefix: keys.crdtPrefix },
      { partition: keys.commentsPartition(apiKey, organizationId, documentId), prefix: keys.commentsPrefix },
    ]),
    ...unlisted.map((notificationId) => ({
      index: accessPatterns.recipientsOfNotification.index,
      partition: keys.recipientsPartition(apiKey, organizationId, notificationId),
    })),
  ];
  for (const range of later) await backfillRange(apiKey, organizationId, range, progress, now);
  progress.organizations += 1;
}

/**
 * Backfills every organization of an API key in id order, after `afterOrganizationId` when resuming;
 * calls `onOrganization` after each one with the progress and the organization's id.
 */
export async function backfillApiKey(
  apiKey: string,
  progress: BackfillProgress,
  onOrganization: (organizationId: string) => void,
  afterOrganizationId?: string,
): Promise<void> {
  const organizationIds = (await organizationIdsOf(apiKey)).filter(
    (id) => afterOrganizationId === undefined || id > afterOrganizationId,
  );
  for (const organizationId of organizationIds) {
    await backfillOrganization(apiKey, organizationId, progress, nowMs());
    onOrganization(organizationId);
  }
}
