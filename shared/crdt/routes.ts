/**
 * The crdt domain's routes (`crdt.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/crdt/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const crdtRoutes = domainRoutes('crdt', [
  {
    name: 'crdt.add',
    path: '/v2/crdt/add',
    db: 'read-write',
    realtime: true,
    summary: "Store a new editor's CRDT (Yjs) content; ALREADY_EXISTS when the editor has data.",
    maxBodyBytes: 4 * 1024 * 1024,
  },
  {
    name: 'crdt.get',
    path: '/v2/crdt/get',
    db: 'read',
    summary: 'Read the content of one editor, or of every editor of a document, as plain JSON.',
  },
  {
    name: 'crdt.update',
    path: '/v2/crdt/update',
    db: 'read-write',
    realtime: true,
    summary: "Replace an editor's content by applying the minimal Yjs edit to the stored state.",
    maxBodyBytes: 4 * 1024 * 1024,
  },
  {
    name: 'crdt.versions.create',
    path: '/v2/crdt/versions/create',
    db: 'read-write',
    summary: "Store an editor's content as it is now as a named version.",
  },
  {
    name: 'crdt.versions.get',
    path: '/v2/crdt/versions/get',
    db: 'read',
    summary: "List an editor's versions newest first, or read one version's content.",
  },
  {
    name: 'crdt.versions.restore',
    path: '/v2/crdt/versions/restore',
    db: 'read-write',
    realtime: true,
    summary: "Make an editor's content equal to a version's by one forward Yjs edit.",
  },
  {
    name: 'crdt.versions.delete',
    path: '/v2/crdt/versions/delete',
    db: 'read-write',
    summary: 'Delete versions of an editor, answering each id on its own.',
  },
]);
