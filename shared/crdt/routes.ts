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
]);
