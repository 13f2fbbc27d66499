/**
 * The contract registry: every route's input schema (`data` sent) paired with its output schema
 * (`result` answered), once — in the `contracts.ts` of the domain that serves it, composed here.
 * `defineEndpoint` types handlers from it (a handler passes the input schema its contract holds, and
 * a function imports only that), the docs generator writes OpenAPI from it,
 * the typed client derives its methods from it and the integration tests check every response
 * against it. It imports schema modules only (no AWS SDK, no repositories), so the client can
 * bundle it.
 */

import type * as z from 'zod/mini';
import { accessContracts } from '../access/contracts';
import { activitiesContracts } from '../activities/contracts';
import type { RouteName } from '../api/routes';
import { commentsContracts } from '../comments/contracts';
import { crdtContracts } from '../crdt/contracts';
import { erasureContracts } from '../erasure/contracts';
import type { RouteContract } from '../http/route-contract';
import { lifecycleContracts } from '../lifecycle/contracts';
import { memoryContracts } from '../memory/contracts';
import { migrationContracts } from '../migration/contracts';
import { notificationsContracts } from '../notifications/contracts';
import { organizationsContracts } from '../organizations/contracts';
import { realtimeContracts } from '../realtime/contracts';
import { settingsContracts } from '../settings/contracts';
import { webhooksContracts } from '../webhooks/contracts';
import { workspaceContracts } from '../workspace/contracts';

export type { RouteContract } from '../http/route-contract';

export const routeContracts = {
  ...accessContracts,
  ...activitiesContracts,
  ...commentsContracts,
  ...crdtContracts,
  ...erasureContracts,
  ...lifecycleContracts,
  ...memoryContracts,
  ...migrationContracts,
  ...notificationsContracts,
  ...organizationsContracts,
  ...realtimeContracts,
  ...settingsContracts,
  ...webhooksContracts,
  ...workspaceContracts,
} as const satisfies Record<RouteName, RouteContract>;

export type RouteContracts = typeof routeContracts;

/** The schema of `data` a route accepts. */
export type RouteInput<Name extends RouteName> = z.input<RouteContracts[Name]['input']>;

/** The `result` a route answers, as parsed. */
export type RouteOutput<Name extends RouteName> = z.output<RouteContracts[Name]['output']>;
