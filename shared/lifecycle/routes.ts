/**
 * The lifecycle domain's routes (`users.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/lifecycle/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const lifecycleRoutes = domainRoutes('lifecycle', [
  {
    name: 'users.data.delete',
    path: '/v2/users/data/delete',
    db: 'read-write',
    queues: ['document-migration'],
    summary:
      "Start erasing a user's data (GDPR erasure), in some or every organization; returns the job's id.",
  },
  {
    name: 'users.data.delete.status',
    path: '/v2/users/data/delete/status',
    db: 'read',
    summary: 'Report a user-data erasure: status and records erased per feature.',
  },
]);
