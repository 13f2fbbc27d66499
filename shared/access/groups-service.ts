import type * as z from 'zod';
import type { ApiKeyCaller } from '../http/caller';
import { nowMs } from '../http/common-schemas';
import { notFound } from '../http/errors';
import { findOrganizations, organizationCreateIfMissing, writeAll } from '../organizations/repository';
import { changeGroupMembers, entryAttribute, findGroups, findUsers, groupUpsert } from './repository';
import type { addGroupsInput, addGroupUsersInput, deleteGroupUsersInput, getGroupsInput } from './schemas';

/**
 * Creates user groups, or renames existing ones. A missing organization is created only with
 * `createOrganization`, else NOT_FOUND.
 */
export async function addGroups(caller: ApiKeyCaller, input: z.output<typeof addGroupsInput>) {
  const now = nowMs();
  const [organization] = await findOrganizations(caller.apiKey, [input.organizationId]);
  if (!organization && !input.createOrganization) {
    throw notFound(
      `Organization ${input.organizationId} does not exist; send createOrganization: true to create it.`,
    );
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
}

/** Groups with their members: the given ones, or all of the organization. */
export async function getGroups(caller: ApiKeyCaller, input: z.output<typeof getGroupsInput>) {
  const groups = await findGroups(caller.apiKey, input.organizationId, input.groupIds);
  return groups
    .sort((a, b) => a.groupId.localeCompare(b.groupId))
    .map((group) => ({ groupId: group.groupId, groupName: group.groupName, userIds: group.userIds }));
}

/**
 * Adds users to a group. Only organization members may join (addendum §4 rule 6); others are
 * `success: false`. Members are added with set arithmetic, so parallel adds all land.
 */
export async function addGroupUsers(caller: ApiKeyCaller, input: z.output<typeof addGroupUsersInput>) {
  const groupId = input.organizationUserGroupId;
  const userIds = [...new Set(input.userIds)];
  const members = new Set(
    (await findUsers(caller.apiKey, input.organizationId, userIds))
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
}

/** Removes users from a group, or everyone with `deleteAll`; results are keyed by each removed user. */
export async function deleteGroupUsers(caller: ApiKeyCaller, input: z.output<typeof deleteGroupUsersInput>) {
  const groupId = input.organizationUserGroupId;
  const [group] = await findGroups(caller.apiKey, input.organizationId, [groupId]);
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
}
