import type * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { startedEarly } from '../db/parallel';
import type { ApiKeyCaller } from '../http/caller';
import { prefetchable } from '../http/prefetchable';
import { findDocuments } from '../organizations/repository';
import { prepareTarget, readTarget } from '../organizations/targets';
import { erasingEarlierIncarnation } from '../plugins/fence';
import { revalidateConnections } from '../sockets/closing';
import { documentsAccess } from './document-access';
import {
  changeGroupMembers,
  deleteUsers as deleteUserItems,
  entryAttribute,
  findGroups,
  findUsers,
  listMembers,
  removeUserAttributes,
  type UserRecord,
  writeUserChanges,
} from './repository';
import type { addUsersInput, deleteUsersInput, getUsersInput, updateUsersInput, userInput } from './schemas';

/** The read of a membership target that `users.add` prefetches; its handler calls this domain alone. */
export { readTarget };

type UserInput = z.output<typeof userInput>;
type Level = { folderId?: string; documentId?: string };

/** The membership attribute of the level a users/* call addresses. */
const memberAttribute = (level: Level) =>
  level.documentId !== undefined
    ? entryAttribute('member', 'document', level.documentId)
    : level.folderId !== undefined
      ? entryAttribute('member', 'folder', level.folderId)
      : entryAttribute('member', 'organization');

const levelName = (level: Level) =>
  level.documentId !== undefined
    ? `document ${level.documentId}`
    : level.folderId !== undefined
      ? `folder ${level.folderId}`
      : 'the organization';

/** `initial` derived from a name (base contract #16 rule 7): its first letter, upper-cased. */
export function initialOf(name: string | undefined): string | undefined {
  const first = name?.trim().match(/\p{L}|\p{N}/u)?.[0];
  return first?.toLocaleUpperCase();
}

const profileOf = (user: UserInput) => ({
  name: user.name,
  email: user.email,
  initial: user.initial ?? initialOf(user.name),
});

/**
 * Adds users at one level — the organization, one folder only, or one document only (base #16) —
 * creating a missing organization, and a missing folder or document when asked. One BatchGet for
 * the target (`readTarget`, possibly started as the route's prefetch), then transactions of up to
 * 100 writes; then the users' open connections have their access resolved again.
 */
export const addUsers = /* @__PURE__ */ prefetchable(
  readTarget,
  async (caller, input: z.output<typeof addUsersInput>, target) => {
    const now = nowMs();
    const creations = await prepareTarget(caller.apiKey, input, now, target);
    const attribute = memberAttribute(input);
    await writeUserChanges(
      caller.apiKey,
      input.organizationId,
      input.users.map((user) => ({
        userId: user.userId,
        profile: profileOf(user),
        defaultInitial: initialOf(user.userId),
        set: { [attribute]: { accessRole: user.accessRole ?? 'editor', since: now } },
      })),
      now,
      creations,
    );
    // A folder or document membership can make an open connection's user a viewer (addendum §9).
    await revalidateConnections(
      documentsAccess,
      caller,
      input.organizationId,
      input.users.map((user) => user.userId),
    );
    return Object.fromEntries(
      input.users.map((user) => [
        user.userId,
        { success: true, id: user.userId, message: `User added to ${levelName(input)}.` },
      ]),
    );
  },
);

/** Starts the read of the users a users/* call names, by the API key and the input alone (a route's prefetch). */
export const readNamedUsers = (
  apiKey: string,
  input:
    | { organizationId: string; users: readonly { userId: string }[] }
    | { organizationId: string; userIds: readonly string[] },
) =>
  startedEarly(
    findUsers(
      apiKey,
      input.organizationId,
      'users' in input ? input.users.map((user) => user.userId) : [...new Set(input.userIds)],
    ),
  );

/**
 * Updates profiles and, at the addressed level, roles. A user who does not exist (or is not a
 * member at that level) is `success: false` inside the success body. `named` is `readNamedUsers`'
 * read, when already started.
 */
export const updateUsers = /* @__PURE__ */ prefetchable(
  readNamedUsers,
  async (caller, input: z.output<typeof updateUsersInput>, named) => {
    const now = nowMs();
    const attribute = memberAttribute(input);
    const stored = new Map((await named).map((user) => [user.profile.userId, user]));
    const results: Record<string, { success: boolean; id: string; message: string }> = {};
    const changes = input.users.flatMap((user) => {
      const current = stored.get(user.userId);
      const membership = current?.item[attribute] as { accessRole: string; since: number } | undefined;
      if (!current || !membership) {
        results[user.userId] = {
          success: false,
          id: user.userId,
          message: `User ${user.userId} does not exist in ${levelName(input)}.`,
        };
        return [];
      }
      results[user.userId] = { success: true, id: user.userId, message: 'User updated.' };
      return [
        {
          userId: user.userId,
          profile: {
            name: user.name,
            email: user.email,
            initial: user.initial ?? (user.name ? initialOf(user.name) : undefined),
          },
          set: user.accessRole ? { [attribute]: { ...membership, accessRole: user.accessRole } } : {},
          requireAttribute: attribute,
        },
      ];
    });
    await writeUserChanges(caller.apiKey, input.organizationId, changes, now);
    await revalidateConnections(
      documentsAccess,
      caller,
      input.organizationId,
      input.users.map((user) => user.userId),
    );
    return results;
  },
);

const contactOf = (user: UserRecord, attribute: string) => ({
  userId: user.profile.userId,
  name: user.profile.name ?? '',
  email: user.profile.email ?? '',
  accessRole: (user.item[attribute] as { accessRole: string }).accessRole,
  initial: user.profile.initial ?? '',
});

type GetUsers = z.output<typeof getUsersInput>;

/**
 * Members of one level (its contact list): given users, the users of given groups, or a page of all.
 * Needs only the API key and the input, so a route runs it whole as its prefetch. `since`: only
 * memberships given from then on count (see `getCurrentUsers`).
 */
export async function getUsers(caller: Pick<ApiKeyCaller, 'apiKey'>, input: GetUsers, since = 0) {
  const attribute = memberAttribute(input);
  const current = (user: UserRecord) =>
    ((user.item[attribute] as { since?: number } | undefined)?.since ?? 0) >= since;
  const selected = new Set(input.userIds ?? []);
  if (input.organizationUserGroupIds) {
    const groups = await findGroups(caller.apiKey, input.organizationId, input.organizationUserGroupIds);
    for (const group of groups) for (const userId of group.userIds) selected.add(userId);
  }
  if (input.userIds || input.organizationUserGroupIds) {
    const users = await findUsers(caller.apiKey, input.organizationId, [...selected]);
    const members = users.filter((user) => user.item[attribute] !== undefined && current(user));
    members.sort((a, b) => a.profile.userId.localeCompare(b.profile.userId));
    return { data: members.map((user) => contactOf(user, attribute)), nextPageToken: undefined };
  }
  const binding = {
    owner: `apiKey:${caller.apiKey}`,
    query: { list: 'users', organizationId: input.organizationId, attribute },
  };
  const startKey = input.pageToken ? decodePageToken(input.pageToken, binding) : undefined;
  const page = await listMembers(caller.apiKey, input.organizationId, attribute, input.pageSize, startKey);
  return {
    data: page.users.filter(current).map((user) => contactOf(user, attribute)),
    nextPageToken: page.nextKey ? encodePageToken(page.nextKey, binding) : undefined,
  };
}

/**
 * users/get in the caller's view: `prefetched` (`getUsers`, started before auth), unless the
 * document was re-created while an earlier incarnation is still being erased (decisions §46): its
 * old memberships are attributes of the same user items until the old job removes them, so the
 * list is read again keeping only memberships from the document's creation on (rule "current",
 * docs/access-control.md). That costs one BatchGet of the document and the list again, only then.
 */
export async function getCurrentUsers(
  caller: ApiKeyCaller,
  input: GetUsers,
  prefetched: ReturnType<typeof getUsers>,
): ReturnType<typeof getUsers> {
  const { organizationId, documentId } = input;
  if (documentId === undefined || !erasingEarlierIncarnation(caller, organizationId, documentId))
    return prefetched;
  // The re-read answers (or fails) as the prefetch would have.
  prefetched.catch(() => undefined);
  const [document] = await findDocuments(caller.apiKey, organizationId, [documentId]);
  return getUsers(caller, input, document?.createdAt ?? Number.POSITIVE_INFINITY);
}

/**
 * Removes users from one level. At the organization level the user leaves the organization
 * entirely (all memberships, grants and group places; the groups are read beside the user deletes);
 * at a folder or document only that membership goes. A user who is not a member there is
 * `success: false`. `named` is `readNamedUsers`' read, when already started.
 */
export const deleteUsers = /* @__PURE__ */ prefetchable(
  readNamedUsers,
  async (caller, input: z.output<typeof deleteUsersInput>, named) => {
    const attribute = memberAttribute(input);
    const userIds = [...new Set(input.userIds)];
    const members = new Set(
      (await named).filter((user) => user.item[attribute] !== undefined).map((user) => user.profile.userId),
    );
    const leaving = userIds.filter((id) => members.has(id));
    if (leaving.length === 0) {
      // Nobody to remove: no writes, and no need to look through the groups.
    } else if (input.folderId === undefined && input.documentId === undefined) {
      const [, groups] = await Promise.all([
        deleteUserItems(caller.apiKey, input.organizationId, leaving),
        findGroups(caller.apiKey, input.organizationId),
      ]);
      await Promise.all(
        groups
          .filter((group) => group.userIds.some((id) => members.has(id)))
          .map((group) =>
            changeGroupMembers(
              caller.apiKey,
              input.organizationId,
              group.groupId,
              { remove: leaving },
              nowMs(),
            ),
          ),
      );
    } else {
      await Promise.all(
        leaving.map((id) => removeUserAttributes(caller.apiKey, input.organizationId, id, [attribute])),
      );
    }
    await revalidateConnections(documentsAccess, caller, input.organizationId, leaving);
    return Object.fromEntries(
      userIds.map((id) => [
        id,
        members.has(id)
          ? { success: true, message: `User removed from ${levelName(input)}.` }
          : { success: false, message: `User ${id} is not a member of ${levelName(input)}.` },
      ]),
    );
  },
);
