/**
 * The organizations domain's routes (`organizations.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/organizations/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const organizationsRoutes = domainRoutes('organizations', [
  {
    name: 'organizations.add',
    path: '/v2/organizations/add',
    db: 'read-write',
    summary: 'Add organizations, or update the name and metadata of existing ones.',
  },
  {
    name: 'organizations.get',
    path: '/v2/organizations/get',
    db: 'read',
    summary: 'Get organizations by id, or list them a page at a time.',
  },
  {
    name: 'organizations.delete',
    path: '/v2/organizations/delete',
    db: 'read-write',
    queues: ['document-migration'],
    realtime: true,
    summary:
      'Delete organizations with everything stored under them; the rest of their data is erased in the background.',
  },
  {
    name: 'organizations.folders.add',
    path: '/v2/organizations/folders/add',
    db: 'read-write',
    summary: 'Add folders under root or under existing folders.',
  },
  {
    name: 'organizations.folders.get',
    path: '/v2/organizations/folders/get',
    db: 'read',
    summary: "Get an organization's folders, or one folder with its subfolders nested to maxDepth.",
  },
  {
    name: 'organizations.folders.update',
    path: '/v1/organizations/folders/update',
    db: 'read-write',
    summary: 'Rename, re-type or move folders; a move carries the whole subtree.',
  },
  {
    name: 'organizations.folders.delete',
    path: '/v2/organizations/folders/delete',
    db: 'read-write',
    queues: ['document-migration'],
    realtime: true,
    summary:
      'Delete a folder, its subfolders and their documents (with their data, erased in the background).',
  },
  {
    name: 'organizations.documents.add',
    path: '/v1/organizations/documents/add',
    db: 'read-write',
    summary: 'Add documents (optionally into a folder), or update existing ones.',
  },
  {
    name: 'organizations.documents.get',
    path: '/v2/organizations/documents/get',
    db: 'read',
    summary: "Get documents by id, or list an organization's (or a folder's) documents.",
  },
  {
    name: 'organizations.documents.delete',
    path: '/v1/organizations/documents/delete',
    db: 'read-write',
    queues: ['document-migration'],
    realtime: true,
    summary:
      'Delete documents with everything stored under them (erased in the background); missing ones are reported as not existing.',
  },
]);
