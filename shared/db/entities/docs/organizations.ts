import { organizationsArea } from '../organizations';
import { documentArea } from './definition';

/** What docs/data-model.md says of `organizationsArea`: its title, item layouts and attributes, access patterns. */
export const organizationsDocs = documentArea(organizationsArea, {
  title: 'Organizations, folders, documents and access',
  entities: {
    organization: {
      pk: 'AK#<ak>#ORG#<org>',
      sk: 'ORG',
      attributes: 'organizationId, organizationName, disabled, metadata, createdAt, lastUpdated',
    },
    folder: {
      pk: 'AK#<ak>#ORG#<org>',
      sk: 'ORG#FOLDER#<folder>',
      attributes:
        'folderId, folderName, organizationId, parentFolderId (source of truth), ancestors (derived), accessType?, inheritAccessFromParent, createdAt, lastUpdated',
    },
    document: {
      pk: 'AK#<ak>#ORG#<org>',
      sk: 'DOC#<doc>',
      attributes:
        'documentId, documentName, organizationId, folderId?, accessType?, disabled, createdAt, lastUpdated',
    },
    userAccess: {
      pk: 'AK#<ak>#ORG#<org>',
      sk: 'USER#<user>',
      attributes:
        'userId, name?, email?, initial?, createdAt, lastUpdated, and one attribute per membership or grant: `member:organization`, `member:folder:<id>`, `member:document:<id>`, `grant:organization`, `grant:folder:<id>`, `grant:document:<id>` = `{ accessRole, since, expiresAt? }`, `grant:context:<id>` = `{ access, since, expiresAt? }`',
    },
    userGroup: {
      pk: 'AK#<ak>#ORG#<org>',
      sk: 'GROUP#<group>',
      attributes: 'groupId, groupName, userIds (string set), createdAt, lastUpdated',
    },
    groupMembership: {
      pk: 'AK#<ak>#ORG#<org>',
      sk: 'GROUPUSER#<group>#<user>',
      attributes:
        "organizationId, groupId, userId, gsi8pk/gsi8sk, createdAt, updatedAt (the group's `userIds` set stays the truth: listed only while the set holds the user)",
    },
  },
  accessPatterns: {
    organizationTree: {
      pattern: 'organization tree: the organization item and every folder',
      pk: '`AK#<ak>#ORG#<org>`',
      sk: 'begins_with `ORG` (`ORG`, `ORG#FOLDER#<folder>`)',
      operation: 'Query',
      usedBy: '`organizations.folders.*`, `auth.permissions.get`, `organizations.documents.add/get`',
    },
    organizationsOfApiKey: {
      pattern: "an API key's organizations",
      pk: '`AK#<ak>#ORGS`',
      sk: '`<org>`',
      operation: 'Query (page size + 1)',
      usedBy: '`organizations.get`',
    },
    organizationItemsById: {
      pattern: 'organizations, folders, documents by id',
      pk: '`AK#<ak>#ORG#<org>`',
      sk: '`ORG` / `ORG#FOLDER#<f>` / `DOC#<d>`',
      operation: 'BatchGetItem',
      usedBy: '`organizations.get`, `users.add` (target), `auth.permissions.add` (existence)',
    },
    documentsOfOrganization: {
      pattern: 'documents of an organization (or a folder)',
      pk: '`AK#<ak>#ORG#<org>`',
      sk: 'begins_with `DOC#` (filter `folderId`)',
      operation: 'Query until the page is full',
      usedBy: '`organizations.documents.get`',
    },
    userAccess: {
      pattern: "a user's access in an organization",
      pk: '`AK#<ak>#ORG#<org>`',
      sk: '`USER#<user>`',
      operation: 'BatchGetItem / UpdateItem (per-attribute SET/REMOVE)',
      usedBy: '`users.*`, `auth.permissions.*`, `organizations.usergroups.users.add`',
    },
    membersOfLevel: {
      pattern: 'members of a level',
      pk: '`AK#<ak>#ORG#<org>`',
      sk: 'begins_with `USER#` (filter `attribute_exists(member:…)`)',
      operation: 'Query until the page is full',
      usedBy: '`users.get`',
    },
    userGroups: {
      pattern: 'user groups',
      pk: '`AK#<ak>#ORG#<org>`',
      sk: '`GROUP#<group>` / begins_with `GROUP#`',
      operation: 'BatchGetItem / Query / UpdateItem `ADD`/`DELETE userIds`',
      usedBy: '`organizations.usergroups.*`',
    },
    wholeOrganization: {
      pattern: 'the whole organization',
      pk: '`AK#<ak>#ORG#<org>`',
      sk: '(whole partition)',
      operation: 'Query (keys only, 500) + BatchWriteItem',
      usedBy: 'erasure job after `organizations.delete` (see Data lifecycle)',
    },
    groupMembership: {
      pattern: "a user's group membership (index item, decisions §36)",
      pk: '`AK#<ak>#ORG#<org>`',
      sk: '`GROUPUSER#<group>#<user>`',
      operation:
        "Put / Delete in the TransactWriteItems that changes the group's `userIds` set (99 users per transaction)",
      usedBy: '`usergroups.users.add/delete`, `users.data.get`, user erasure',
    },
  },
});
