/**
 * The erasure domain's routes (`users.data.get`: what is stored about a person, read across every
 * domain): pure data, composed into the route table (shared/api/routes.ts) that the CDK app reads at
 * synth time. Their contracts are in ./contracts.ts, their examples in ./examples.ts; a route's
 * handler is `functions/erasure/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const erasureRoutes = domainRoutes('erasure', [
  {
    name: 'users.data.get',
    path: '/v2/users/data/get',
    db: 'read',
    // The reference lists it with the other users/data routes.
    tag: 'lifecycle',
    summary: 'List everything stored about a user, across every feature, 100 items a page (GDPR access).',
  },
]);
