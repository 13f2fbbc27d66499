/**
 * The typed client of the HTTP API: one method per route, named by the route
 * (`client.commentannotations.comments.add(input)`), with input and output types derived from the
 * published contract (docs/openapi.json, generated into `./generated/`) — nothing here is written
 * per route. Failures throw `CollabApiError` carrying the error envelope and the HTTP status.
 *
 * ```ts
 * const client = createClient({ baseUrl: 'http://localhost:3000', apiKey, authToken });
 * const { data } = await client.organizations.documents.get({ organizationId: 'org-1' });
 * ```
 *
 * At run time it needs only the route rows (names, paths and credential levels) and `fetch`.
 */

import type { components, operations } from './generated/openapi.js';
import { routes } from './generated/routes.js';

export type { components, operations, paths } from './generated/openapi.js';

type Route = (typeof routes)[number];

/** Every route's name, such as `commentannotations.comments.add`. */
export type RouteName = Route['name'];

/** Who a route authenticates: nobody (`none`), a workspace, or an API key and its auth token. */
export type AuthLevel = Route['auth'];

/** The `data` a route accepts. */
export type RouteInput<Name extends RouteName> = operations[Name] extends {
  requestBody: { content: { 'application/json': { data: infer Data } } };
}
  ? Data
  : never;

/** The `result` a route answers. */
export type RouteOutput<Name extends RouteName> = operations[Name] extends {
  responses: { 200: { content: { 'application/json': { result: infer Result } } } };
}
  ? Result
  : never;

/** The failure body every route answers with a non-2xx status. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** The names of the routes a credential level reaches. */
type RoutesAt<Level extends AuthLevel> = Extract<Route, { auth: Level }>['name'];

/** A route's method: its input (optional when every field is) in, its `result` out. */
export type RouteMethod<Name extends RouteName> = (
  ...input: Record<string, never> extends RouteInput<Name>
    ? [input?: RouteInput<Name>]
    : [input: RouteInput<Name>]
) => Promise<RouteOutput<Name>>;

/** The next name segment of every route under `Prefix`. */
type Segments<Names extends string, Prefix extends string> = Names extends `${Prefix}${infer Rest}`
  ? Rest extends `${infer Head}.${string}`
    ? Head
    : Rest
  : never;

/**
 * Routes as nested methods: `a.b.c` becomes `client.a.b.c(...)`. A name that is both a route and
 * the prefix of others (`users.data.delete` and `users.data.delete.status`) is a method carrying
 * the deeper methods as properties.
 */
export type RouteTree<Names extends RouteName, Prefix extends string = ''> = {
  [Segment in Segments<Names, Prefix>]: (`${Prefix}${Segment}` extends Names
    ? RouteMethod<`${Prefix}${Segment}` & Names>
    : unknown) &
    ([Segments<Names, `${Prefix}${Segment}.`>] extends [never]
      ? unknown
      : RouteTree<Names, `${Prefix}${Segment}.`>);
};

/** An API-key-level client: every route authenticated by `x-svc-api-key` + `x-svc-auth-token`. */
export type CollabClient = RouteTree<RoutesAt<'apiKey'>>;

/** A workspace-level client: the routes authenticated by the workspace id and its auth token. */
export type WorkspaceClient = RouteTree<RoutesAt<'workspace'>>;

/** The public routes (creating a workspace), which need no credentials. */
export type PublicClient = RouteTree<RoutesAt<'none'>>;

/** Where the API is and how to reach it. */
export interface ConnectionOptions {
  /** The API's base URL, such as `http://localhost:3000` or the deployed stack's HTTP API URL. */
  baseUrl: string;
  /** A `fetch` to use instead of the global one (tests, proxies, retries). */
  fetch?: typeof fetch;
}

/** A failed call: the contract status (`NOT_FOUND`, ...), its message and details, and the HTTP status. */
export class CollabApiError extends Error {
  readonly status: ErrorEnvelope['error']['status'];
  /** Structured details; validation failures list every problem in `issues`. */
  readonly details: Record<string, unknown> | undefined;
  readonly httpStatus: number;
  /** The `x-request-id` of the failed request: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  readonly route: RouteName;

  constructor(route: RouteName, envelope: ErrorEnvelope, httpStatus: number, requestId: string | undefined) {
    super(`${route}: ${envelope.error.status}: ${envelope.error.message}`);
    this.name = 'CollabApiError';
    this.route = route;
    this.status = envelope.error.status;
    this.details = envelope.error.details;
    this.httpStatus = httpStatus;
    this.requestId = requestId;
  }
}

async function post(
  connection: ConnectionOptions,
  headers: Record<string, string>,
  route: Route,
  input: unknown,
): Promise<unknown> {
  const send = connection.fetch ?? fetch;
  const response = await send(new URL(route.path, connection.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data: input ?? {} }),
  });
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const body = (await response.json().catch(() => undefined)) as
    | { result?: unknown; error?: ErrorEnvelope['error'] }
    | undefined;
  if (response.ok && body && 'result' in body) return body.result;
  const error = body?.error ?? {
    status: 'UNKNOWN' as const,
    message: `HTTP ${response.status} without an error envelope.`,
  };
  throw new CollabApiError(route.name, { error }, response.status, requestId);
}

/** Builds the nested methods of the routes at `level`, each posting with `headers`. */
function buildTree(connection: ConnectionOptions, level: AuthLevel, headers: Record<string, string>) {
  const root: Record<string, unknown> = {};
  // Shorter names first, so a route that is also a prefix (`users.data.delete`) is a method before
  // its deeper routes hang off it.
  const reachable = routes
    .filter((route) => route.auth === level)
    .sort((a, b) => a.name.length - b.name.length);
  for (const route of reachable) {
    const segments = route.name.split('.');
    const last = segments.pop() as string;
    let node = root;
    for (const segment of segments) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node[last] = (input?: unknown) => post(connection, headers, route, input);
  }
  return root;
}

/** A client for the API-key-level routes (almost all of them). */
export function createClient(
  options: ConnectionOptions & { apiKey: string; authToken: string },
): CollabClient {
  const headers = { 'x-svc-api-key': options.apiKey, 'x-svc-auth-token': options.authToken };
  return buildTree(options, 'apiKey', headers) as CollabClient;
}

/** A client for the workspace-level routes (API keys and auth tokens). */
export function createWorkspaceClient(
  options: ConnectionOptions & { workspaceId: string; workspaceAuthToken: string },
): WorkspaceClient {
  const headers = {
    'x-svc-workspace-id': options.workspaceId,
    'x-svc-workspace-auth-token': options.workspaceAuthToken,
  };
  return buildTree(options, 'workspace', headers) as WorkspaceClient;
}

/** A client for the public routes: `workspace.create`. */
export function createPublicClient(options: ConnectionOptions): PublicClient {
  return buildTree(options, 'none', {}) as PublicClient;
}
