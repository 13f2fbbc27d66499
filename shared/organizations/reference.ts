/** The reference's words for the organizations domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { organizationsContracts } from './contracts';

const erasedInBackground =
  'The call answers once the deleted data is invisible to every operation; the records themselves are erased in the background, and an id re-created later starts empty. Open realtime connections to the deleted documents close (code 4404).';

export const organizationsReference = domainReference<typeof organizationsContracts>()({
  operations: {
    'organizations.add':
      'Creates each organization, or updates the name and extra fields of one that exists. Fields besides `organizationId` and `organizationName` (strings, numbers, booleans or null) are stored and answered as given. Organizations are also created on the fly by operations that say so (`createOrganization`, `users/add`).',
    'organizations.get':
      "Answers the organizations named in `organizationIds`, or all of the API key's organizations a page at a time. Ids that do not exist are left out of the answer.",
    'organizations.delete': `Deletes each organization with everything stored under it: folders, documents, memberships, grants, user groups, activities, notifications, CRDT content, comments, judgments and live state. ${erasedInBackground} A missing id fails per item.`,
    'organizations.folders.add':
      'Creates folders: at the top level (`parentFolderId` left out or `root`) or under an existing folder of the same organization. A folder id that exists already, or a parent that does not, fails per item.',
    'organizations.folders.get':
      'Without `folderId`: every folder of the organization. With it: that folder, its subfolders nested under `subFolders` to `maxDepth` levels (only the immediate subfolders when `maxDepth` is left out). An unknown folder is `NOT_FOUND`.',
    'organizations.folders.update':
      'Renames folders, changes their access settings, or moves them (a new `parentFolderId`): a move carries the whole subtree, documents included. A move under the folder itself or one of its own subfolders, or a missing folder, fails per item.',
    'organizations.folders.delete': `Deletes the folder, its subfolders and every document in them, with the documents' data. ${erasedInBackground}`,
    'organizations.documents.add':
      'Creates documents, or updates the name and access type of ones that exist; with `folderId`, in that folder (which must exist). A document sits in at most one folder.',
    'organizations.documents.get':
      "Answers the documents named in `documentIds`, or the organization's documents a page at a time, or only those in `folderId`.",
    'organizations.documents.delete': `Deletes each document with everything stored under it: CRDT content and versions, comments, activities, notifications about it, judgments, live state, memberships and grants on it. ${erasedInBackground} A document that does not exist is reported with \`success: true\` and a message saying so.`,
  },
  fields: {
    organizations: 'The organizations to add or update, at most 100.',
    organizationName: "The organization's name, for people.",
    organizationIds: 'The organizations to answer or delete, at most 30.',
    'result.data.id': 'The id of the organization or document.',
    disabled: 'Always false: nothing in this API disables an organization or a document.',
    folders: 'The folders to add or change, at most 100.',
    folderName: "The folder's name, for people.",
    parentFolderId:
      'The folder it sits in, another folder of the same organization; `root` (the default) for a top-level folder. Changing it moves the folder with everything in it.',
    accessType:
      'Who may open it: `public` (every user of the API key), `organizationPrivate` (organization members and users given access to it) or `restricted` (only users given access to it or to a folder above it). Left out: inherited from the folder it sits in, else `public`.',
    inheritAccessFromParent: 'Take `accessType` from the parent folder instead of its own.',
    'data.folderId':
      'The folder to answer (with its subfolders), to add the documents into, or to list the documents of.',
    'Folder.folderId': "The folder's id.",
    'result.data.folderId': 'The folder the document sits in; absent when it sits in none.',
    'Folder.organizationId': 'The organization the folder belongs to.',
    'Folder.apiKey': 'The API key that owns the folder.',
    'Folder.createdAt': 'When the folder was created, epoch milliseconds.',
    'Folder.lastUpdated': 'When the folder last changed, epoch milliseconds.',
    'Folder.ancestors': 'The folders above it, from `root` down to its parent.',
    'Folder.accessType': "The folder's own access type, when it has one (see `accessType` of folders/add).",
    subFolders:
      'Its subfolders, each with its own `subFolders` down to `maxDepth`; absent on a folder without any.',
    maxDepth:
      'How many levels of subfolders to nest under the folder; only the immediate subfolders when left out.',
    documents: 'The documents to add or update, at most 100.',
    documentName: "The document's name, for people.",
    documentIds: 'The documents to answer (at most 30) or delete (at most 100).',
  },
});
