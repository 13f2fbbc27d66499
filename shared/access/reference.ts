/** The reference's words for the access domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { accessContracts } from './contracts';

const oneLevel =
  'Addresses one level: the organization (only `organizationId`), a folder (`folderId`) or a document (`documentId`), never both of the last two.';
const accessRoles = '`editor` (read and write, the default) or `viewer` (read only).';

export const accessReference = domainReference<typeof accessContracts>()({
  operations: {
    'users.add': `${oneLevel} At organization level the users become members: they may open every document that is not \`restricted\` and appear in the organization's contacts. With \`folderId\` they get access to that folder, its subfolders and their documents only; with \`documentId\`, to that document only. A missing organization is created; a missing folder or document only with \`createFolder\` / \`createDocument\`, else \`NOT_FOUND\`. Adding a user who is there already updates the profile and role. Call again with only \`organizationId\` to add the same users at organization level too.`,
    'users.get': `${oneLevel} Lists the members of that level with their role there, a page at a time, optionally only the users in \`userIds\` or in the user groups \`organizationUserGroupIds\`.`,
    'users.update': `${oneLevel} Changes the profile (name, email, initial) and the role at that level of users who are members there; a user who is not fails per item with a message saying it does not exist.`,
    'users.delete': `${oneLevel} At organization level the users leave the organization entirely (every membership, grant and user-group place in it); at a folder or document only that membership goes. Access ends at once; open realtime connections that lose it close (code 4403). A user who is not a member there fails per item. Their comments and other records stay (\`users/data/delete\` erases those).`,
    'organizations.usergroups.add':
      'Creates user groups, or renames those that exist. Groups gather organization members (for your own use, such as mentioning a team); they grant no access. A missing organization is `NOT_FOUND` unless `createOrganization`.',
    'organizations.usergroups.get':
      "Answers the organization's user groups (or those in `groupIds`) with their members.",
    'organizations.usergroups.users.add':
      'Adds users to a user group. Only members of the organization may join: another user fails per item. An unknown group is `NOT_FOUND`.',
    'organizations.usergroups.users.delete':
      'Removes the users in `userIds`, or everyone with `deleteAll: true`, from a user group; the answer is keyed by each removed user.',
    'auth.permissions.get':
      'Answers, for each user, their access to the organization and to each folder and document named: the role and access type, or an entry with `error` and `errorCode: permission_denied` where they have none. A folder or document that does not exist fails the whole call with `NOT_FOUND`, whose `details` holds the same per-user answer with `errorCode: does_not_exist` on the missing ones. One resolver decides here and in every other access check: access type (`public`, `organizationPrivate`, `restricted`, inherited from the folder above unless set), memberships, explicit grants (expired ones no longer count) and, when enabled, your permission provider, which then decides alone.',
    'auth.permissions.add':
      'Grants the user access to organizations, folders, documents or contexts, with a role and optionally until `expiresAt`. A grant on a folder covers its subfolders and their documents, and opens even `restricted` resources. Granting again replaces the earlier grant on the same resource.',
    'auth.permissions.remove':
      "Removes the user's explicit grants on the resources named; memberships are not touched (use `users/delete`). Open realtime connections that lose access close (code 4403).",
    'auth.token.generate':
      'Signs a user token for the browser: a JWT (HS256) valid for 48 hours, signed with a secret of the calling API key, carrying the user, `userProperties` and the resources listed. The realtime connection takes it as its `token`. It records no grant: the token identifies the user, and access is still decided by memberships, grants and your permission provider.',
  },
  fields: {
    users: 'The users, at most 100, each with a distinct `userId`.',
    'users.name': "The user's name, as contacts and comments show it.",
    'userProperties.name': "The user's name.",
    'result.data.name': "The user's name.",
    'users.accessRole': `The user's role at the level addressed: ${accessRoles}`,
    'result.data.accessRole': 'The role at the level addressed.',
    'resources.accessRole': `The role the grant gives: ${accessRoles}`,
    'PermissionEntry.accessRole': 'The role the user has on the resource.',
    initial: "Up to 8 characters shown in place of the user's picture; derived from `name` when left out.",
    createFolder:
      'Create the folder when it does not exist yet. Without it, a missing folder is `NOT_FOUND`.',
    'data.documentId': 'The document level to address (instead of `folderId`).',
    'data.folderId': 'The folder level to address (instead of `documentId`).',
    createOrganization: 'Create the organization when it does not exist yet (`users/add` creates it anyway).',
    'data.userIds': 'The users, at most 100.',
    'result.data.userIds': 'The members of the group.',
    organizationUserGroupIds: 'List only the users in these user groups, at most 30.',
    organizationUserGroups: 'The groups to create or rename, at most 100.',
    groupId: "The group's id: your own id for it.",
    groupName: "The group's name, for people.",
    groupIds: 'Answer only these groups, at most 100.',
    organizationUserGroupId: 'The user group.',
    deleteAll: 'Remove every member of the group; `userIds` may then be left out.',
    folderIds: 'The folders to look up, at most 100.',
    documentIds: 'The documents to look up, at most 100.',
    'result.data.organization': "The user's entry for the organization, keyed by its id.",
    'result.data.folders': "The user's entry for each folder asked about, keyed by folder id.",
    'result.data.documents': "The user's entry for each document asked about, keyed by document id.",
    'result.data.context': 'The context grants the user holds.',
    accessFields: 'Each context field the user was granted, as `<fieldName>:<value>`.',
    'PermissionEntry.accessType':
      'The access type in force on the resource after inheritance: `public`, `organizationPrivate` or `restricted`; present on denied entries too.',
    'PermissionEntry.expiresAt':
      'When temporary access ends, in Unix seconds; present only on temporary access.',
    'resources.expiresAt':
      'When the grant ends, in Unix seconds (not milliseconds), in the future. From that moment it no longer counts. Left out: it lasts until removed.',
    error: 'Why the user has no access here, for people.',
    errorCode: '`permission_denied` (no access) or `does_not_exist` (no such folder or document).',
    user: 'The user to grant access to.',
    permissions: 'The resources concerned.',
    resources: 'The resources, at most 100.',
    type: '`organization`, `folder`, `document` or `context` (a set of field values, for notifications filtered by context).',
    'resources.id':
      'The id of the organization, folder or document; for a context grant, a name of your choice for it.',
    'resources.organizationId':
      'The organization the folder, document or context belongs to; required for every type but `organization`.',
    'resources.context': 'Required for, and only for, type `context`.',
    access:
      'The context fields the user is granted, as `{ <field>: string or number }`; notifications sent with a `context` reach only users whose fields match.',
    userProperties: 'What the token tells the browser about the user.',
    email: "The user's email address.",
    isAdmin: 'Marks the user as an admin in the token, for your frontend; it grants no access here.',
    token: 'The signed user token (JWT): pass it to the realtime connection as `token`.',
  },
});
