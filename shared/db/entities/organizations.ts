import { apiKeyPartition, encodeKeyPart, type ItemKey, join, organizationPartition } from '../key-parts';
import { defineArea } from './definition';

/** An organization's partition: the organization, its folder tree, documents, users' access and groups. */
export const organizationsArea = defineArea({
  entities: {
    organization: { indexes: ['gsi1'] },
    folder: {},
    document: {},
    userAccess: { indexes: ['gsi8'] },
    userGroup: {},
    groupMembership: { indexes: ['gsi8'] },
  },
  accessPatterns: {
    organizationTree: { index: 'table' },
    organizationsOfApiKey: { index: 'gsi1' },
    organizationItemsById: { index: 'table' },
    documentsOfOrganization: { index: 'table' },
    userAccess: { index: 'table' },
    membersOfLevel: { index: 'table' },
    userGroups: { index: 'table' },
    wholeOrganization: { index: 'table' },
    groupMembership: { index: ['table', 'gsi8'] },
  },
});

/** The keys of an organization's items and listings. */
export const organizationKeys = {
  organization: (apiKey: string, organizationId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: 'ORG',
  }),
  /** Index keys that list an API key's organizations (gsi1). */
  organizationListing: (apiKey: string, organizationId: string) => ({
    gsi1pk: apiKeyPartition(apiKey, 'ORGS'),
    gsi1sk: encodeKeyPart(organizationId),
  }),
  organizationListingPartition: (apiKey: string) => apiKeyPartition(apiKey, 'ORGS'),
  /** Sort-key prefix shared by the organization item and its folders: one Query reads the tree. */
  organizationTreePrefix: 'ORG',
  folder: (apiKey: string, organizationId: string, folderId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('ORG', 'FOLDER', encodeKeyPart(folderId)),
  }),
  folderPrefix: 'ORG#FOLDER#',
  document: (apiKey: string, organizationId: string, documentId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('DOC', encodeKeyPart(documentId)),
  }),
  documentPrefix: 'DOC#',
  userAccess: (apiKey: string, organizationId: string, userId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('USER', encodeKeyPart(userId)),
  }),
  userPrefix: 'USER#',
  userGroup: (apiKey: string, organizationId: string, groupId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('GROUP', encodeKeyPart(groupId)),
  }),
  groupPrefix: 'GROUP#',
  /**
   * One user's membership of a group: an index item beside the group's member set, written in the
   * same transaction, so the user's data (gsi8) finds the membership without reading every group.
   * Not under `GROUP#`, so listing groups never reads it.
   */
  groupMembership: (apiKey: string, organizationId: string, groupId: string, userId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('GROUPUSER', encodeKeyPart(groupId), encodeKeyPart(userId)),
  }),
} as const;
