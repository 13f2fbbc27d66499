/**
 * The route table: every endpoint, declared once — in the `routes.ts` of the domain that serves it
 * (`shared/<domain>/routes.ts`, beside its contracts and examples) — and composed here. Pure data,
 * because the CDK app reads it at synth time; the dev server's router, the README endpoint table and
 * docs/openapi.json derive from it too. A route's handler lives at `functions/<domain>/<file>.ts`
 * (see `handlerFile`).
 */

import { groupAndPermissionRoutes, userRoutes } from '../access/routes';
import { activitiesRoutes } from '../activities/routes';
import { commentsRoutes } from '../comments/routes';
import { crdtRoutes } from '../crdt/routes';
import { erasureRoutes } from '../erasure/routes';
import type { RouteDefinition } from '../http/route-rows';
import { lifecycleRoutes } from '../lifecycle/routes';
import { memoryRoutes } from '../memory/routes';
import { migrationRoutes } from '../migration/routes';
import { notificationsRoutes } from '../notifications/routes';
import { organizationsRoutes } from '../organizations/routes';
import { realtimeRoutes } from '../realtime/routes';
import { settingsRoutes } from '../settings/routes';
import { webhookEndpointRoutes } from '../webhooks/routes';
import { workspaceRoutes } from '../workspace/routes';

export {
  type AuthLevel,
  type DbAccess,
  defaultMaxBodyBytes,
  handlerFile,
  type RouteDefinition,
  routeId,
} from '../http/route-rows';

/**
 * Every route, in the order of the README table and the OpenAPI paths; that order groups routes by
 * area, so a domain serving two areas in turn (access) gives two groups.
 */
export const routes = [
  ...workspaceRoutes,
  ...settingsRoutes,
  ...organizationsRoutes,
  ...migrationRoutes,
  ...userRoutes,
  ...erasureRoutes,
  ...lifecycleRoutes,
  ...groupAndPermissionRoutes,
  ...webhookEndpointRoutes,
  ...notificationsRoutes,
  ...activitiesRoutes,
  ...crdtRoutes,
  ...commentsRoutes,
  ...memoryRoutes,
  ...realtimeRoutes,
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof routes)[number]['name'];

const routesByName = new Map<string, RouteDefinition>(routes.map((route) => [route.name, route]));
const routesByPath = new Map<string, RouteDefinition>(routes.map((route) => [route.path, route]));

/** The route of a name; throws on an unknown name (a programming error). */
export function routeNamed(name: RouteName): RouteDefinition {
  const route = routesByName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** The route serving a path, if any. */
export function routeForPath(path: string): RouteDefinition | undefined {
  return routesByPath.get(path);
}
