import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import { withIncarnations } from '../db/incarnations';
import type { ApiKeyCaller, Authenticator, CallerFor } from '../http/caller';
import { successResponse } from '../http/envelope';
import {
  authenticate,
  credentialKey,
  type EndpointContext,
  errorEnvelope,
  jsonBody,
  type PrefetchFunction,
  requestContext,
  startPrefetch,
  validateInput,
} from '../http/middleware';
import { requestRate } from '../http/request-rate';
import { assertNotFenced } from '../plugins/fence';
import { countRequest, knownOverRate, overRate, uncountRequest } from '../quotas/request-rate';
import { keyringLoader } from '../security/keyring-middleware';
import { openPortalToken } from '../webhooks/portal-tokens';
import { authenticateApiKey, authenticateWorkspace } from '../workspace/credentials';
import { assertInPortalScope, authenticatePortalToken } from './portal-auth';
import type { RouteContracts } from './route-contracts';
import type { AuthLevel, RouteDefinition, RouteName, routes } from './routes';

/**
 * Credentials are checked against the workspace domain's credential items; portal tokens against
 * their sessions (the webhooks domain).
 */
const authenticator: Authenticator = {
  apiKey: authenticateApiKey,
  workspace: authenticateWorkspace,
  portalTokenKey: (token) => openPortalToken(token)?.apiKey,
  portal: authenticatePortalToken,
};

/** API-key routes count each request against the key's HTTP rate (shared/quotas/request-rate.ts). */
const httpRate = requestRate({
  knownOver: (apiKey) => knownOverRate(apiKey, 'http'),
  count: (apiKey) => countRequest(apiKey, 'http'),
  uncount: (apiKey, verdict) => uncountRequest(apiKey, 'http', verdict),
  refusal: overRate,
});

type RouteOf<Name extends RouteName> = Extract<(typeof routes)[number], { name: Name }>;

/**
 * What a route's `run` receives: the validated input, the authenticated caller, the request id and
 * where the request reached the service (`EndpointState.serviceUrl`).
 */
export interface RunArgs<Name extends RouteName, Input> {
  input: Input;
  caller: CallerFor<RouteOf<Name>['auth']>;
  requestId: string;
  serviceUrl: string;
}

/**
 * What a route's `run` returns: its `result` without `status` (added here for enveloped routes) —
 * `message`, `data` and siblings such as `nextPageToken` — type-checked against the route's output
 * schema in the contract registry.
 */
export type RunResult<Name extends RouteName> = Omit<z.input<RouteContracts[Name]['output']>, 'status'>;

/** The validated input of a route, from its schema in the contract registry. */
type InputOf<Name extends RouteName> = z.output<RouteContracts[Name]['input']>;

/** What `run` receives besides `RunArgs` on a route with a `prefetch`: the prefetch's promise. */
export interface PrefetchedArgs<Prefetched> {
  prefetched: Promise<Prefetched>;
}

/**
 * What a prefetch receives: the valid input and the header the route's auth level reads by — the
 * API key (`x-svc-api-key`) or, on workspace routes, the workspace id (`x-svc-workspace-id`).
 */
export type PrefetchArgs<Level extends AuthLevel, Input> = { input: Input } & (Level extends 'workspace'
  ? { workspaceId: string }
  : { apiKey: string });

export interface EndpointDefinition<Name extends RouteName, Prefetched = undefined> {
  /**
   * The route table of the domain that declares the route (its `routes.ts`), where the route is
   * looked up: not the composed table, so that a function's bundle carries its own domain's rows,
   * not every domain's. `defineEndpoint`'s type requires the table to declare the route.
   */
  routes: readonly RouteDefinition[];
  /** Names the route. */
  route: Name;
  /**
   * The route's input schema: the one its contract in the registry (route-contracts.ts) holds, which
   * the type requires. Given alone, so that a function's bundle carries the schemas its route reads,
   * not its whole domain's contracts (the registry is imported for its types only).
   */
  input: RouteContracts[NoInfer<Name>]['input'];
  /**
   * Optional, authenticated routes only: reads that need nothing but the credential's key header
   * (API key, or workspace id on workspace routes) and the valid input, started together with the
   * auth read instead of after it (one serial round trip fewer; decisions §39, §42). `run` receives
   * the promise as `prefetched`; it is never awaited when auth fails, starts only with well-formed
   * credential headers, and only its first round trip goes out before `run` (the read gate of
   * shared/db/before-auth.ts; later calls wait, and are never sent when auth fails). The key it gets is the
   * header's, which equals `caller.apiKey` (`caller.workspaceId`) once auth has passed.
   */
  prefetch?: (args: PrefetchArgs<RouteOf<Name>['auth'], InputOf<Name>>) => Promise<Prefetched>;
  run: (args: RunArgs<Name, InputOf<Name>> & PrefetchedArgs<Prefetched>) => Promise<RunResult<Name>>;
}

export type EndpointHandler = middy.MiddyfiedHandler<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  EndpointContext
> & {
  /** The route and its input schema (the output schema is the registry's: route-contracts.ts). */
  readonly definition: { route: RouteDefinition; input: z.ZodMiniType };
};

/** A route table that declares the route `Name`; any other table does not type-check. */
type HoldingRoute<
  Table extends readonly RouteDefinition[],
  Name extends RouteName,
> = Name extends Table[number]['name'] ? unknown : never;

/**
 * Builds a route's Lambda handler: the same middy chain for every route, in a fixed order —
 * request context (id, headers, logging) → data keyring loaded → POST check, size guard and JSON parse → (API-key
 * routes: the key's request counted, beside the auth read, or refused when its window is known full) → (with a
 * `prefetch`: early validation and the prefetch started) → auth for the route's level → (refused over the key's rate) → zod validation of `data`
 * → `run` → success envelope (unless the route answers bare); the error envelope last. The input schema's
 * and the result's types come from the route's contract in the registry.
 */
export function defineEndpoint<
  Name extends RouteName,
  Prefetched = undefined,
  Table extends readonly RouteDefinition[] = readonly RouteDefinition[],
>(
  definition: EndpointDefinition<Name, Prefetched> & { routes: Table & HoldingRoute<Table, Name> },
): EndpointHandler {
  const route = definition.routes.find(({ name }) => name === definition.route);
  if (!route) throw new Error(`${definition.route} is not in the route table given`);
  const { input: inputSchema } = definition;
  if (definition.prefetch && route.auth === 'none') {
    throw new Error(
      `${route.name}: prefetch needs an authenticated route (it reads by the credential's key)`,
    );
  }
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, EndpointContext>()
    .use(requestContext(route.name))
    .use(keyringLoader())
    .use(jsonBody(route.maxBodyBytes));
  const prefetch = definition.prefetch as PrefetchFunction | undefined;
  const rated = route.auth === 'apiKey';
  // Counted first: a key known to be over its rate is refused before the prefetch reads anything.
  const counted = rated ? chain.use(credentialKey(authenticator, route.portal)).use(httpRate.start) : chain;
  const prefetching =
    prefetch && route.auth !== 'none'
      ? counted.use(startPrefetch(inputSchema, route.auth, prefetch))
      : counted;
  const authenticated = prefetching.use(authenticate(route.auth, authenticator, route.portal));
  const handler = (rated ? authenticated.use(httpRate.enforce) : authenticated)
    .use(validateInput(inputSchema))
    .use(errorEnvelope())
    .handler(async (_event, context) => {
      const { input, caller, requestId, serviceUrl, prefetched, prefetchGate } = context.endpoint;
      // Deleted organizations and documents are invisible while their records are erased.
      if (caller?.level === 'apiKey') assertNotFenced(caller, input, route.db === 'read-write');
      if (caller?.level === 'apiKey' && caller.portal) assertInPortalScope(caller.portal, input);
      const restarted = prefetch !== undefined && needsIncarnations(caller);
      // The prefetch's held-back reads go out now, for an authenticated caller, unless it starts again.
      if (restarted) prefetchGate?.close();
      else prefetchGate?.open();
      const run = (early: Promise<unknown> | undefined) =>
        definition.run({
          input: input as InputOf<Name>,
          caller: caller as CallerFor<RouteOf<Name>['auth']>,
          requestId,
          serviceUrl,
          prefetched: (early ?? Promise.resolve(undefined)) as Promise<Prefetched>,
        });
      const result = await inCallerIncarnations(
        caller,
        prefetched,
        prefetch && { input, start: prefetch },
        run,
      );
      return successResponse(route.bare ? result : { status: 'success', ...result });
    });
  return Object.assign(handler, { definition: { route, input: inputSchema } });
}

/** Whether the caller's API key holds incarnations (`inCallerIncarnations`). */
const needsIncarnations = (caller: EndpointContext['endpoint']['caller']): caller is ApiKeyCaller =>
  caller?.level === 'apiKey' && Object.keys(caller.incarnations).length > 0;

/**
 * Runs a request in its API key's incarnations (shared/db/incarnations.ts), so every key it builds
 * names the current incarnation of each organization and document. A prefetch started before auth
 * knew none (incarnation 0 everywhere): when the key holds any, it is started again in them (one
 * serial read more, only for keys that ever re-created an id during its erasure).
 */
function inCallerIncarnations<Result>(
  caller: EndpointContext['endpoint']['caller'],
  prefetched: Promise<unknown> | undefined,
  prefetch:
    | { input: unknown; start: (args: { apiKey: string; input: unknown }) => Promise<unknown> }
    | undefined,
  run: (prefetched: Promise<unknown> | undefined) => Promise<Result>,
): Promise<Result> {
  if (!needsIncarnations(caller)) return run(prefetched);
  return withIncarnations(caller.incarnations, () => {
    if (!prefetch) return run(prefetched);
    prefetched?.catch(() => undefined);
    return run(prefetch.start({ apiKey: caller.apiKey, input: prefetch.input }));
  });
}
