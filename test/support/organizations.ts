import { succeed } from './api';
import type { TestWorkspace } from './workspaces';

/** Creates `organizationId` with `folders` (the `organizations.folders.add` items), through the API. */
export async function givenOrganizationWithFolders(
  workspace: TestWorkspace,
  organizationId: string,
  folders: Record<string, unknown>[],
): Promise<void> {
  await succeed(workspace, 'organizations.folders.add', {
    organizationId,
    createOrganization: true,
    folders,
  });
}

/**
 * Creates `organizationId` with a restricted folder (`vault` unless named) holding `documentId`,
 * through the API: only members and grants reach the document (the access tests' starting point).
 */
export async function givenDocumentInRestrictedFolder(
  workspace: TestWorkspace,
  {
    organizationId,
    documentId,
    folderId = 'vault',
  }: { organizationId: string; documentId: string; folderId?: string },
): Promise<void> {
  await givenOrganizationWithFolders(workspace, organizationId, [{ folderId, accessType: 'restricted' }]);
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    folderId,
    documents: [{ documentId }],
  });
}

/** Creates user group `groupId` (named `G`) in the organization with `userIds` as its members. */
export async function givenUserGroup(
  workspace: TestWorkspace,
  { organizationId, groupId = 'g', userIds }: { organizationId: string; groupId?: string; userIds: string[] },
): Promise<void> {
  await succeed(workspace, 'organizations.usergroups.add', {
    organizationId,
    organizationUserGroups: [{ groupId, groupName: 'G' }],
  });
  await succeed(workspace, 'organizations.usergroups.users.add', {
    organizationId,
    organizationUserGroupId: groupId,
    userIds,
  });
}
