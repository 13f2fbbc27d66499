import { eraseGroupMembership } from '../access/repository';
import { stubTargetActivityProfiles } from '../activities/repository';
import { eraseUserComment, eraseUserReaction, eraseUserReadState } from '../comments/user-data-erasure';
import { unlistEditorCreator } from '../crdt/repository';
import { entities } from '../db/entities';
import type { UserDataFeature } from '../lifecycle/schemas';
import { removeJudgments } from '../memory/repository';
import { stubbedFields } from '../plugins/profile-stub';
import { stubMentionedMessages } from '../webhooks/profile-mention-repository';
import { userDataOf } from './user-data';
import { deleteItems, unlistItems, userDataItems, userDataKeys } from './user-data-repository';

type Item = Record<string, unknown>;

/** Index entries per erasing batch. */
const batchSize = 100;

/** Where a user's erasure continues within one run: the organization range and the index key. */
export interface UserEraseCursor {
  range: number;
  startKey?: Item;
}

/**
 * Erases one batch of a user's data (addendum §10): a page of the user's index (gsi8) in one of
 * the ranges (the given organizations, or all), each item by its entity: access items (their
 * memberships and grants), inbox entries, notification preferences and activities the user performed are deleted, the user's
 * read state of comment threads taken off the threads with its counters, (activity
 * immutability does not hold an erasure back), judgments the user made deleted with their vectors
 * tombstoned, comments deleted with their emptied thread (or the thread's copies of the profile
 * stubbed, and in the activities about the thread), the user taken out of groups and their
 * reactions off comments, notifications they triggered kept with the profile stubbed, CRDT editors
 * and versions the user created taken off the listing but kept (shared content), webhook messages (and their
 * outbox item) that carry the user's profile kept with it stubbed (not counted: no feature). Every
 * action is idempotent; erased entries leave the index, so a new run re-lists only what is left.
 * Returns the records erased per feature and the cursor of the next batch (none: done).
 */
export async function eraseUserBatch(
  apiKey: string,
  userId: string,
  organizationIds: readonly string[] | undefined,
  cursor: UserEraseCursor,
  now: number,
): Promise<{ erased: Partial<Record<UserDataFeature, number>>; cursor?: UserEraseCursor }> {
  const ranges = organizationIds ?? [undefined];
  const page = await userDataKeys(apiKey, userId, ranges[cursor.range], batchSize, cursor.startKey);
  const items = [...(await userDataItems(page.entries)).values()];
  const erased: Partial<Record<UserDataFeature, number>> = {};
  const count = (feature: UserDataFeature, n = 1) => {
    erased[feature] = (erased[feature] ?? 0) + n;
  };
  const keyOf = (item: Item) => ({ pk: item.pk as string, sk: item.sk as string });
  const deleted: { pk: string; sk: string }[] = [];
  const judgments = new Map<string, string[]>();
  const unlisted: { item: Item; fields: Record<string, unknown> }[] = [];
  const threads = new Map<string, { organizationId: string; annotationId: string }>();
  const work: Promise<void>[] = [];
  for (const item of items) {
    switch (item.entity) {
      case entities.userAccess.name:
        for (const data of userDataOf(item)) count(data.feature);
        deleted.push(keyOf(item));
        break;
      case entities.inboxEntry.name:
      case entities.notificationPreference.name:
        count('notification');
        deleted.push(keyOf(item));
        break;
      case entities.inboxCounter.name:
        // The user's inbox counts: not a record of their own (not counted), gone with the inbox.
        deleted.push(keyOf(item));
        break;
      case entities.threadReadCounter.name:
        // Which threads of a document the user has read: the threads' entries go, then the counter.
        work.push(eraseUserReadState(item));
        break;
      case entities.activity.name:
        count('activity');
        deleted.push(keyOf(item));
        break;
      case entities.judgment.name: {
        count('judgment');
        const organizationId = item.organizationId as string;
        judgments.set(organizationId, [...(judgments.get(organizationId) ?? []), item.recordId as string]);
        break;
      }
      case entities.notification.name: {
        count('notification');
        const { actionUser, displayHeadlineMessageTemplateData } = item;
        unlisted.push({
          item,
          fields: stubbedFields({ actionUser, displayHeadlineMessageTemplateData }, userId),
        });
        break;
      }
      case entities.comment.name: {
        count('comment');
        work.push(eraseUserComment(apiKey, item, userId));
        const thread = {
          organizationId: item.organizationId as string,
          annotationId: item.annotationId as string,
        };
        threads.set(JSON.stringify(thread), thread);
        break;
      }
      case entities.crdtEditor.name:
      case entities.crdtVersion.name:
        work.push(unlistEditorCreator(keyOf(item)));
        break;
      case entities.webhookProfileMention.name:
        work.push(stubMentionedMessages(item, userId).then(() => undefined));
        break;
      case entities.groupMembership.name:
        count('group');
        work.push(eraseGroupMembership(apiKey, item, now));
        break;
      case entities.commentReaction.name:
        work.push(
          eraseUserReaction(apiKey, item).then((removed) => {
            if (removed) count('reaction');
          }),
        );
        break;
    }
  }
  await Promise.all([
    deleteItems(deleted),
    unlistItems(unlisted),
    ...[...threads.values()].map((thread) =>
      stubTargetActivityProfiles(apiKey, thread.organizationId, thread.annotationId, userId),
    ),
    ...[...judgments].map(([organizationId, ids]) => removeJudgments(apiKey, organizationId, ids, now)),
    ...work,
  ]);
  if (page.nextKey) return { erased, cursor: { range: cursor.range, startKey: page.nextKey } };
  if (cursor.range + 1 < ranges.length) return { erased, cursor: { range: cursor.range + 1 } };
  return { erased };
}
