/**
 * The memory domain's routes (`memory.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/memory/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const memoryRoutes = domainRoutes('memory', [
  {
    name: 'memory.search',
    path: '/v2/memory/search',
    db: 'read',
    bare: true,
    summary:
      "Semantic search over review judgments (exact cosine top-k in a scope), or a thread's / the most recent judgments.",
  },
  {
    name: 'memory.judgments.query',
    path: '/v2/memory/judgments/query',
    db: 'read',
    bare: true,
    summary: 'List judgments with the search filters, newest first (a thread oldest first), with the total.',
  },
]);
