import { reactionKey } from '../comments/write-items';
import { entities } from '../db/entities';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { startedEarly } from '../db/parallel';
import { withoutKeys } from '../db/query-page';
import type { ApiKeyCaller } from '../http/caller';
import { prefetchable } from '../http/prefetchable';
import { erasingEarlierIncarnation, isFenced } from '../plugins/fence';
import type { GetUserData, UserDataItem } from './schemas';
import {
  itemId,
  markedItems,
  ofCurrentDocumentIncarnation,
  ofCurrentIncarnation,
  userDataItems,
  userDataKeys,
} from './user-data-repository';

/** Items per page: every page but the last holds exactly this many. */
export const userDataPageSize = 100;

/**
 * Most index pages (of `userDataPageSize` entries) one users/data/get request reads. Entries of
 * records being erased are read and left out, so a user with many of them would otherwise have one
 * request read until its timeout; past this bound the page is answered short, with a token to go on.
 */
export const maxUserDataIndexPages = 5;

type Item = Record<string, unknown>;

const accessAttribute = /^(member|grant):(organization|folder|document|context)(?::(.*))?$/s;

/**
 * The listed items of one stored item: an access item holds every membership and grant of the user
 * in its organization (one listed item each, in attribute-name order, so a page can stop inside
 * it); every other entity is one listed item. A group membership or reaction index item is listed
 * only while `marked` (its group or comment, from `markedItems`) still holds it.
 */
export function userDataOf(item: Item, marked?: Item): UserDataItem[] {
  const organizationId = item.organizationId as string;
  const record = withoutKeys(item);
  const at = (documentId: unknown) => (typeof documentId === 'string' ? { documentId } : {});
  switch (item.entity) {
    case entities.userAccess.name:
      return Object.keys(item)
        .sort()
        .flatMap((name): UserDataItem[] => {
          const match = accessAttribute.exec(name);
          if (!match) return [];
          const [, kind, level, resource] = match;
          return [
            {
              feature: kind === 'member' ? 'membership' : 'grant',
              organizationId,
              ...(level === 'document' && { documentId: resource }),
              id: level === 'organization' ? organizationId : (resource as string),
              record: { type: level, ...(item[name] as Item) },
            },
          ];
        });
    case entities.inboxEntry.name:
      return [
        {
          feature: 'notification',
          organizationId,
          ...at(item.documentId),
          id: item.notificationId as string,
          record,
        },
      ];
    case entities.notificationPreference.name:
      // The user's notification preferences for the organization or one document.
      return [
        {
          feature: 'notification',
          organizationId,
          ...at(item.documentId),
          id: typeof item.documentId === 'string' ? item.documentId : organizationId,
          record,
        },
      ];
    case entities.notification.name:
      // A notification the user triggered (their profile is its `actionUser`).
      return [
        { feature: 'notification', organizationId, ...at(item.documentId), id: item.id as string, record },
      ];
    case entities.comment.name:
      return [
        { feature: 'comment', organizationId, ...at(item.documentId), id: item.commentId as string, record },
      ];
    case entities.activity.name: {
      const metadata = item.metadata as { documentId?: string };
      return [
        {
          feature: 'activity',
          organizationId: (item.metadata as { organizationId: string }).organizationId,
          ...at(metadata.documentId),
          id: item.id as string,
          record,
        },
      ];
    }
    case entities.judgment.name:
      return [
        { feature: 'judgment', organizationId, ...at(item.documentId), id: item.recordId as string, record },
      ];
    case entities.groupMembership.name: {
      const members = marked?.userIds as Set<string> | undefined;
      if (!members?.has(item.userId as string)) return [];
      const groupId = item.groupId as string;
      return [
        {
          feature: 'group',
          organizationId,
          id: groupId,
          record: { groupId, groupName: marked?.groupName, userId: item.userId, createdAt: item.createdAt },
        },
      ];
    }
    case entities.commentReaction.name: {
      const reactions = (marked?.reactions ?? {}) as Record<string, Item>;
      const reaction = reactions[reactionKey(item.icon as string, item.userId as string)];
      if (!reaction) return [];
      const { annotationId, commentId } = item as { annotationId: string; commentId: string };
      return [
        {
          feature: 'reaction',
          organizationId,
          ...at(item.documentId),
          id: commentId,
          record: { annotationId, commentId, ...reaction },
        },
      ];
    }
    case entities.crdtEditor.name:
      return [
        { feature: 'crdt', organizationId, ...at(item.documentId), id: item.editorId as string, record },
      ];
    case entities.crdtVersion.name:
      // A version the user made: CRDT content, by its editor's id (the record names the version).
      return [
        { feature: 'crdt', organizationId, ...at(item.documentId), id: item.editorId as string, record },
      ];
    default:
      return [];
  }
}

/** Entities whose keys do not name their document's incarnation (see `hidden`). */
const keyedWithoutDocument = new Set<string>([entities.inboxEntry.name, entities.userAccess.name]);

/**
 * Whether a listed item stays out of users/data/get: its organization or document is being erased
 * (fenced), or it is an inbox or access entry of a document re-created while an earlier
 * incarnation is still being erased. Those keys do not name the incarnation, and telling old from
 * new would take a read of the document, so both are left out for the seconds the old job runs
 * (decisions §46): nothing of the deleted document shows, at the price of a late listing.
 */
function hidden(caller: ApiKeyCaller, entity: unknown, data: UserDataItem): boolean {
  if (isFenced(caller, data.organizationId, data.documentId)) return true;
  return (
    data.documentId !== undefined &&
    keyedWithoutDocument.has(entity as string) &&
    erasingEarlierIncarnation(caller, data.organizationId, data.documentId)
  );
}

/** Where a page stops: after the index entry `after`, having listed `skip` items of the next one. */
interface UserDataCursor {
  after?: Item;
  skip: number;
}

const userDataBinding = (apiKey: string, input: GetUserData) => ({
  owner: `apiKey:${apiKey}`,
  query: { list: 'userData', userId: input.userId, organizationId: input.organizationId ?? null },
});

async function firstUserDataRead(apiKey: string, input: GetUserData) {
  const cursor: UserDataCursor = input.pageToken
    ? (decodePageToken(input.pageToken, userDataBinding(apiKey, input)) as unknown as UserDataCursor)
    : { skip: 0 };
  const page = await userDataKeys(apiKey, input.userId, input.organizationId, userDataPageSize, cursor.after);
  return { cursor, page };
}

/**
 * Starts `getUserData`'s first index Query (one bounded page) by the API key and the input alone
 * (a route's prefetch); a bad page token surfaces when it is awaited, after auth.
 */
export const readUserData = (apiKey: string, input: GetUserData) =>
  startedEarly(firstUserDataRead(apiKey, input));

/**
 * users/data/get (addendum §10): a page of everything stored about a user, across every domain, in
 * one listing: the user's index (gsi8, keyed by API key and user, sorted by organization) is read
 * a Query page at a time and its items fetched by BatchGetItem, so finding "everything of user X"
 * never scans. Pages hold exactly 100 items but the last, unless `maxUserDataIndexPages` index pages
 * were read first (left-out entries of records being erased); the opaque token records the index entry
 * to continue after and how many items of the next entry were listed. Records of deleted
 * organizations and documents whose erasure is still running are left out (after auth: the
 * fences come with the caller). `started` is `readUserData`'s first read, when already started.
 */
export const getUserData = /* @__PURE__ */ prefetchable(readUserData, async (caller, input, started) => {
  const binding = userDataBinding(caller.apiKey, input);
  const { cursor, page: firstPage } = await started;
  const listed: UserDataItem[] = [];
  let after = cursor.after;
  let skip = cursor.skip;
  let startKey = cursor.after;
  let pending: Awaited<ReturnType<typeof userDataKeys>> | undefined = firstPage;
  for (let pagesRead = 1; ; pagesRead += 1) {
    const page =
      pending ??
      (await userDataKeys(caller.apiKey, input.userId, input.organizationId, userDataPageSize, startKey));
    pending = undefined;
    const items = await userDataItems(page.entries);
    const marked = await markedItems(caller.apiKey, [...items.values()]);
    for (const [index, entry] of page.entries.entries()) {
      const item = items.get(itemId(entry));
      const current = item !== undefined && ofCurrentDocumentIncarnation(caller.apiKey, item);
      const all = (current ? userDataOf(item, marked.get(itemId(entry))) : []).filter(
        (data) => ofCurrentIncarnation(entry, data.organizationId) && !hidden(caller, item?.entity, data),
      );
      const rest = all.slice(skip);
      const room = userDataPageSize - listed.length;
      if (rest.length > room) {
        listed.push(...rest.slice(0, room));
        const next: UserDataCursor = { ...(after && { after }), skip: skip + room };
        return {
          userId: input.userId,
          items: listed,
          nextPageToken: encodePageToken(next as unknown as Item, binding),
        };
      }
      listed.push(...rest);
      skip = 0;
      after = entry;
      const more = index < page.entries.length - 1 || page.nextKey !== undefined;
      if (listed.length === userDataPageSize && more) {
        const next: UserDataCursor = { after: entry, skip: 0 };
        return {
          userId: input.userId,
          items: listed,
          nextPageToken: encodePageToken(next as unknown as Item, binding),
        };
      }
    }
    if (!page.nextKey) return { userId: input.userId, items: listed, nextPageToken: undefined };
    if (pagesRead >= maxUserDataIndexPages) {
      // Short (even empty) only when left-out entries filled the bound: the token goes on after them.
      const next: UserDataCursor = { after: page.nextKey, skip: 0 };
      return {
        userId: input.userId,
        items: listed,
        nextPageToken: encodePageToken(next as unknown as Item, binding),
      };
    }
    startKey = page.nextKey;
  }
});
