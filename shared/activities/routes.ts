/**
 * The activities domain's routes (`activities.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/activities/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const activitiesRoutes = domainRoutes('activities', [
  {
    name: 'activities.add',
    path: '/v2/activities/add',
    db: 'read-write',
    summary: 'Record activities; a given id overwrites (idempotent) unless the activity is immutable.',
  },
  {
    name: 'activities.get',
    path: '/v2/activities/get',
    db: 'read',
    summary: 'List activity logs by any combination of filters, ordered by timestamp, in full pages.',
  },
  {
    name: 'activities.update',
    path: '/v2/activities/update',
    db: 'read-write',
    summary: "Change activities' updatable fields; missing or immutable ones fail per item.",
  },
  {
    name: 'activities.delete',
    path: '/v2/activities/delete',
    db: 'read-write',
    summary: 'Delete activities by id, document or target entity; immutable ones fail per item.',
  },
]);
