/**
 * The realtime domain's routes (`livestate.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/realtime/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const realtimeRoutes = domainRoutes('realtime', [
  {
    name: 'livestate.broadcast',
    path: '/v2/livestate/broadcast',
    db: 'read-write',
    realtime: true,
    summary:
      'Send a live-state value (replace or shallow merge) to every connection of a document; kept 24 h for late joiners.',
  },
]);
