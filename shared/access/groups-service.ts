import type * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import { notFound } from '../core/errors';
import { startedEarly } from '../db/parallel';
import type { QueryRequestOutput } from '../db/query-page';
import { prefetchable } from '../http/prefetchable';
import { findOrganizations, organizationCreateIfMissing, writeAll } from '../organizations/repository';
import { missingUnlessCreated } from '../organizations/targets';
import {
  changeGroupMembers,
  entryAttribute,
  findGroups,
  findUsers,
  groupUpsert,
  startGroupsRead,
} from './repository';
import type {
  addGroupsInput,
  addGroupUsersInput,
  deleteGroupUsersInput,
  GroupRecord,
  getGroupsInput,
} from './schemas';

/** Starts `addGroups`' organization read by the API key and the input alone (a route's prefetch). */
export const readGroupsOrganization = (apiKey: string, input: z.output<typeof addGroupsInput>) =>
  startedEarly(findOrganizations(apiKey, [input.organizationId]));

/**
 * Creates user groups, or renames existing ones. A missing organization is created only with
 * `createOrganization`, else NOT_FOUND. `started` is `readGroupsOrganization`'s read, when already started.
 */
export const addGroups = /* @__PURE__ */ prefetchable(
  readGroupsOrganization,
  async (caller, input, started) => {
    const now = nowMs();
    const [organization] = await started;
    if (!organization && !input.createOrganization) {
      throw missingUnlessCreated('Organization', input.organizationId);
    }
    await writeAll([
      ...(organization ? [] : [organizationCreateIfMissing(caller.apiKey, input.organizationId, now)]),
      ...input.organizationUserGroups.map((group) =>
        groupUpsert(caller.apiKey, input.organizationId, group, now),
      ),
    ]);
    return Object.fromEntries(
      input.organizationUserGroups.map((group) => [
        group.groupId,
        { success: true, id: group.groupId, message: 'User group saved.' },
      ]),
    );
  },
);

/**
 * Starts `getGroups`' first read by the API key and the input alone (a route's prefetch): the given
 * groups (one BatchGet), or the first Query page of all of them.
 */
export const readGroups = (apiKey: string, input: z.output<typeof getGroupsInput>) =>
  startedEarly<GroupRecord[] | QueryRequestOutput>(
    input.groupIds
      ? findGroups(apiKey, input.organizationId, input.groupIds)
      : startGroupsRead(apiKey, input.organizationId),
  );

/**
 * Groups with their members: the given ones, or all of the organization (further pages after the
 * first). `started` is `readGroups`' read, when already started.
 */
export const getGroups = /* @__PURE__ */ prefetchable(readGroups, async (caller, input, started) => {
  const first = await started;
  const groups = Array.isArray(first)
    ? first
    : await findGroups(caller.apiKey, input.organizationId, undefined, Promise.resolve(first));
  return groups
    .sort((a, b) => a.groupId.localeCompare(b.groupId))
    .map((group) => ({ groupId: group.groupId, groupName: group.groupName, userIds: group.userIds }));
});

/** Starts `addGroupUsers`' read of the joining users by the API key and the input alone (a route's prefetch). */
export const readJoiningUsers = (apiKey: string, input: z.output<typeof addGroupUsersInput>) =>
  startedEarly(findUsers(apiKey, input.organizationId, [...new Set(input.userIds)]));

/**
 * Adds users to a group. Only organization members may join (addendum §4 rule 6); others are
 * `success: false`. Members are added with set arithmetic, so parallel adds all land. `started` is
 * `readJoiningUsers`' read, when already started.
 */
export const addGroupUsers = /* @__PURE__ */ prefetchable(
  readJoiningUsers,
  async (caller, input, started) => {
    const groupId = input.organizationUserGroupId;
    const userIds = [...new Set(input.userIds)];
    const members = new Set(
      (await started)
        .filter((user) => user.item[entryAttribute('member', 'organization')] !== undefined)
        .map((user) => user.profile.userId),
    );
    const joining = userIds.filter((id) => members.has(id));
    const exists = await changeGroupMembers(
      caller.apiKey,
      input.organizationId,
      groupId,
      { add: joining },
      nowMs(),
    );
    if (!exists) throw notFound(`User group ${groupId} does not exist.`);
    return Object.fromEntries(
      userIds.map((id) => [
        id,
        members.has(id)
          ? { success: true, organizationUserGroupId: groupId, message: 'User added to the group.' }
          : {
              success: false,
              organizationUserGroupId: groupId,
              message: `User ${id} is not a member of the organization; only members may join a group.`,
            },
      ]),
    );
  },
);

/** Starts `deleteGroupUsers`' group read by the API key and the input alone (a route's prefetch). */
export const readLeftGroup = (apiKey: string, input: z.output<typeof deleteGroupUsersInput>) =>
  startedEarly(findGroups(apiKey, input.organizationId, [input.organizationUserGroupId]));

/**
 * Removes users from a group, or everyone with `deleteAll`; results are keyed by each removed user.
 * `started` is `readLeftGroup`'s read, when already started.
 */
export const deleteGroupUsers = /* @__PURE__ */ prefetchable(
  readLeftGroup,
  async (caller, input, started) => {
    const groupId = input.organizationUserGroupId;
    const [group] = await started;
    if (!group) throw notFound(`User group ${groupId} does not exist.`);
    const userIds = input.deleteAll ? group.userIds : [...new Set(input.userIds)];
    await changeGroupMembers(
      caller.apiKey,
      input.organizationId,
      groupId,
      input.deleteAll ? { clear: true, remove: userIds } : { remove: userIds },
      nowMs(),
    );
    const inGroup = new Set(group.userIds);
    return Object.fromEntries(
      userIds.map((id) => [
        id,
        {
          success: true,
          organizationUserGroupId: groupId,
          message: inGroup.has(id) ? 'User removed from the group.' : 'User was not in the group.',
        },
      ]),
    );
  },
);
