/**
 * The shape of a route table row and the helper every domain's `routes.ts` states its rows with.
 * Pure data and types, because the CDK app reads the composed table (./routes.ts) at synth time.
 */
import type { QueueName } from '../core/queue-names';

/** none: public; workspace: `x-svc-workspace-*` headers; apiKey: `x-svc-api-key` + `x-svc-auth-token`. */
export type AuthLevel = 'none' | 'workspace' | 'apiKey';

/**
 * Whether a portal session's bearer token may call an API-key route (addendum §11): `read` for any
 * session, `write` for one that is not read-only.
 */
export type PortalAccess = 'read' | 'write';

/** The DynamoDB access a route's function is granted (least privilege in the stack). */
export type DbAccess = 'none' | 'read' | 'read-write';

export interface RouteDefinition {
  /** `area.action`; also names the handler file and the Lambda function. */
  readonly name: string;
  readonly path: string;
  readonly auth: AuthLevel;
  /** The `shared/<domain>` module that implements it (and names its handler's folder). */
  readonly domain: string;
  /** The reference section (OpenAPI tag) it is documented in, when not its domain's. */
  readonly tag?: string;
  readonly db: DbAccess;
  readonly queues: readonly QueueName[];
  readonly summary: string;
  /** Request body limit in bytes; 1 MiB when omitted (addendum §1). */
  readonly maxBodyBytes?: number;
  /**
   * Whether it reaches connected realtime clients (broadcasts, closes connections; addendum §9):
   * its function gets the WebSocket API's management endpoint and may post to connections.
   */
  readonly realtime?: boolean;
  /**
   * Whether it answers its `result` bare, without the success envelope's `status` and `message` (the
   * memory routes); its contract's output schema says the same (test/unit/http/contract-check.test.ts).
   */
  readonly bare?: boolean;
  /** Whether a portal session's token may call it, and which sessions (`PortalAccess`); none when unset. */
  readonly portal?: PortalAccess;
}

/** Default request body limit (addendum §1). */
export const defaultMaxBodyBytes = 1024 * 1024;

/** A route as its domain's group states it: what differs from the defaults (`apiKey` auth, no queues). */
export type RouteRow = Omit<RouteDefinition, 'auth' | 'domain' | 'queues'> &
  Partial<Pick<RouteDefinition, 'auth' | 'queues'>>;

/** A row with its domain and defaults filled in; keeps the literal name and auth the typed client reads. */
type DomainRoute<Row extends RouteRow> = Omit<Row, 'auth'> & {
  readonly auth: Row extends { readonly auth: infer Level extends AuthLevel } ? Level : 'apiKey';
  readonly domain: string;
  readonly queues: readonly QueueName[];
};

/** The full definitions of some routes of one `shared/<domain>` module, as its `routes.ts` declares them. */
export function domainRoutes<const Rows extends readonly RouteRow[]>(
  domain: string,
  rows: Rows,
): { readonly [Index in keyof Rows]: DomainRoute<Rows[Index]> } {
  return rows.map((row) => ({ auth: 'apiKey', queues: [], ...row, domain })) as {
    readonly [Index in keyof Rows]: DomainRoute<Rows[Index]>;
  };
}

/**
 * Project-relative path of a route's handler file: in the folder of the domain that declares it,
 * named by the route's name with dashes for dots, less its area where the area names the domain:
 * `workspace.apikey.create` (workspace) → `functions/workspace/apikey-create.ts`,
 * `commentannotations.comments.add` (comments) → `functions/comments/commentannotations-comments-add.ts`.
 */
export function handlerFile(route: Pick<RouteDefinition, 'name' | 'domain'>): string {
  const [area, ...action] = route.name.split('.');
  const file = area === route.domain ? action : [area, ...action];
  return `functions/${route.domain}/${file.join('-')}.ts`;
}

/** A CloudFormation-safe identifier of a route: `workspace.apikey.create` → `WorkspaceApikeyCreate`. */
export function routeId(route: Pick<RouteDefinition, 'name'>): string {
  return route.name
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
