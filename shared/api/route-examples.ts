/**
 * One example call per route: the `data` a caller sends and the `result` it gets back, stated in
 * the `examples.ts` of the route's domain and composed here. The docs
 * generator shows them on each operation of docs/openapi.json; the compiler makes the set complete
 * (one entry per route name) and types each pair by its route's contract, and a unit test parses
 * each with the route's own schemas, so an example cannot drift from the contract.
 */

import { accessExamples } from '../access/examples';
import { activitiesExamples } from '../activities/examples';
import type { RouteName } from '../api/routes';
import { commentsExamples } from '../comments/examples';
import { crdtExamples } from '../crdt/examples';
import { erasureExamples } from '../erasure/examples';
import { lifecycleExamples } from '../lifecycle/examples';
import { memoryExamples } from '../memory/examples';
import { migrationExamples } from '../migration/examples';
import { notificationsExamples } from '../notifications/examples';
import { organizationsExamples } from '../organizations/examples';
import { realtimeExamples } from '../realtime/examples';
import { settingsExamples } from '../settings/examples';
import { webhooksExamples } from '../webhooks/examples';
import { workspaceExamples } from '../workspace/examples';
import type { RouteInput, RouteOutput } from './route-contracts';

/** A route's example: request `data` and success `result`. */
export interface RouteExample<Name extends RouteName = RouteName> {
  readonly request: RouteInput<Name>;
  readonly response: RouteOutput<Name>;
}

export const routeExamples = {
  ...accessExamples,
  ...activitiesExamples,
  ...commentsExamples,
  ...crdtExamples,
  ...erasureExamples,
  ...lifecycleExamples,
  ...memoryExamples,
  ...migrationExamples,
  ...notificationsExamples,
  ...organizationsExamples,
  ...realtimeExamples,
  ...settingsExamples,
  ...webhooksExamples,
  ...workspaceExamples,
} satisfies { [Name in RouteName]: RouteExample<Name> };
