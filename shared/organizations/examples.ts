/** One example call per route of the organizations domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { acknowledged, answer, ms, processed } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { organizationsContracts } from './contracts';

const folder = {
  folderId: 'folder-1',
  folderName: 'Specs',
  organizationId: 'org-1',
  parentFolderId: 'root',
  apiKey: 'key-1',
  createdAt: ms,
  lastUpdated: ms,
  ancestors: [],
  accessType: 'organizationPrivate',
  inheritAccessFromParent: true,
};

export const organizationsExamples = {
  'organizations.add': {
    request: { organizations: [{ organizationId: 'org-1', organizationName: 'Acme' }] },
    response: processed('Organizations', 'Organization added.', 'org-1'),
  },
  'organizations.get': {
    request: { organizationIds: ['org-1'] },
    response: answer('Organizations retrieved.', [
      { id: 'org-1', organizationName: 'Acme', disabled: false },
    ]),
  },
  'organizations.delete': {
    request: { organizationIds: ['org-1'] },
    response: processed('Organizations', 'Organization deleted.', 'org-1'),
  },
  'organizations.folders.add': {
    request: { organizationId: 'org-1', folders: [{ folderId: 'folder-1', folderName: 'Specs' }] },
    response: processed('Folders', 'Folder added.', 'folder-1'),
  },
  'organizations.folders.get': {
    request: { organizationId: 'org-1', folderId: 'folder-1', maxDepth: 1 },
    response: answer('Folders retrieved.', [{ ...folder, subFolders: [] }]),
  },
  'organizations.folders.update': {
    request: { organizationId: 'org-1', folders: [{ folderId: 'folder-1', folderName: 'Specifications' }] },
    response: processed('Folders', 'Folder updated.', 'folder-1'),
  },
  'organizations.folders.delete': {
    request: { organizationId: 'org-1', folderId: 'folder-1' },
    response: acknowledged('Folder deleted.'),
  },
  'organizations.documents.add': {
    request: {
      organizationId: 'org-1',
      folderId: 'folder-1',
      documents: [{ documentId: 'doc-1', documentName: 'Roadmap' }],
    },
    response: processed('Documents', 'Document added.', 'doc-1'),
  },
  'organizations.documents.get': {
    request: { organizationId: 'org-1', documentIds: ['doc-1'] },
    response: answer('Documents retrieved.', [
      {
        id: 'doc-1',
        documentName: 'Roadmap',
        folderId: 'folder-1',
        accessType: 'organizationPrivate',
        disabled: false,
      },
    ]),
  },
  'organizations.documents.delete': {
    request: { organizationId: 'org-1', documentIds: ['doc-1'] },
    response: processed('Documents', 'Document deleted.', 'doc-1'),
  },
} satisfies ExamplesOf<typeof organizationsContracts>;
