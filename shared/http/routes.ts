/**
 * The route table: every endpoint, declared once. Pure data, because the CDK app reads it at synth
 * time; the dev server's router, the README endpoint table and docs/openapi.json derive from it too.
 * A route's handler lives at `functions/<area>/<rest-of-name>.ts` (see `handlerFile`).
 */
import type { QueueName } from '../core/queue-names';

/** none: public; workspace: `x-svc-workspace-*` headers; apiKey: `x-svc-api-key` + `x-svc-auth-token`. */
export type AuthLevel = 'none' | 'workspace' | 'apiKey';

/** The DynamoDB access a route's function is granted (least privilege in the stack). */
export type DbAccess = 'none' | 'read' | 'read-write';

export interface RouteDefinition {
  /** `area.action`; also names the handler file and the Lambda function. */
  readonly name: string;
  readonly path: string;
  readonly auth: AuthLevel;
  /** The `shared/<domain>` module that implements it. */
  readonly domain: string;
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
}

/** Default request body limit (addendum §1). */
export const defaultMaxBodyBytes = 1024 * 1024;

/** A route as its domain's group states it: what differs from the defaults (`apiKey` auth, no queues). */
type RouteRow = Omit<RouteDefinition, 'auth' | 'domain' | 'queues'> &
  Partial<Pick<RouteDefinition, 'auth' | 'queues'>>;

/** A row with its domain and defaults filled in; keeps the literal name and auth the typed client reads. */
type DomainRoute<Row extends RouteRow> = Omit<Row, 'auth'> & {
  readonly auth: Row extends { readonly auth: infer Level extends AuthLevel } ? Level : 'apiKey';
  readonly domain: string;
  readonly queues: readonly QueueName[];
};

/** The full definitions of some routes of one `shared/<domain>` module. */
function domainRoutes<const Rows extends readonly RouteRow[]>(
  domain: string,
  rows: Rows,
): { readonly [Index in keyof Rows]: DomainRoute<Rows[Index]> } {
  return rows.map((row) => ({ auth: 'apiKey', queues: [], ...row, domain })) as {
    readonly [Index in keyof Rows]: DomainRoute<Rows[Index]>;
  };
}

/**
 * Every route, in the order of the README table and the OpenAPI paths; that order groups routes by
 * area, so a domain serving two areas (settings, webhooks, access) has two groups.
 */
export const routes = [
  ...domainRoutes('workspace', [
    {
      name: 'workspace.create',
      path: '/v2/workspace/create',
      auth: 'none',
      db: 'read-write',
      summary: 'Create a workspace, its owner token and a first testing API key with an auth token.',
    },
    {
      name: 'workspace.get',
      path: '/v2/workspace/get',
      auth: 'workspace',
      db: 'read',
      summary: 'Read the workspace, its owner and its API keys.',
    },
    {
      name: 'workspace.apikey.create',
      path: '/v2/workspace/apikey/create',
      auth: 'workspace',
      db: 'read-write',
      summary: 'Create an API key (testing or production), with an auth token unless asked not to.',
    },
    {
      name: 'workspace.apikeys.get',
      path: '/v2/workspace/apikeys/get',
      auth: 'workspace',
      db: 'read',
      summary: "List the workspace's API keys, or fetch up to 30 by key.",
    },
    {
      name: 'workspace.authtokens.get',
      path: '/v2/workspace/authtokens/get',
      auth: 'workspace',
      db: 'read',
      summary: "Show an API key's auth token with its name and allowed domains.",
    },
    {
      name: 'workspace.authtoken.reset',
      path: '/v2/workspace/authtoken/reset',
      auth: 'workspace',
      db: 'read-write',
      summary: "Replace an API key's auth token; the previous token stops working at once.",
    },
    {
      name: 'workspace.domains.get',
      path: '/v2/workspace/domains/get',
      db: 'read',
      summary: "List the API key's allowed domains.",
    },
  ]),
  ...domainRoutes('settings', [
    {
      name: 'workspace.domains.add',
      path: '/v2/workspace/domains/add',
      db: 'read-write',
      summary: 'Add up to 100 allowed domains (normalised); entries already present are reported as skipped.',
    },
    {
      name: 'workspace.domains.delete',
      path: '/v2/workspace/domains/delete',
      db: 'read-write',
      summary: 'Remove up to 100 allowed domains; entries not present are reported as skipped.',
    },
  ]),
  ...domainRoutes('webhooks', [
    {
      name: 'workspace.webhookconfig.get',
      path: '/v2/workspace/webhookconfig/get',
      db: 'read',
      summary: 'Read the basic-webhook config, triggers included.',
    },
    {
      name: 'workspace.webhookconfig.update',
      path: '/v2/workspace/webhookconfig/update',
      db: 'read-write',
      summary: 'Partially update the basic-webhook config; the first enable seeds the default triggers.',
    },
    {
      name: 'workspace.advancedwebhookconfig.get',
      path: '/v2/workspace/advancedwebhookconfig/get',
      db: 'read',
      summary: 'Read the advanced-webhook config (defaults when never configured).',
    },
    {
      name: 'workspace.advancedwebhookconfig.update',
      path: '/v2/workspace/advancedwebhookconfig/update',
      db: 'read-write',
      summary: 'Partially update the advanced-webhook config; the first update must enable it.',
    },
  ]),
  ...domainRoutes('settings', [
    {
      name: 'workspace.activityconfig.get',
      path: '/v2/workspace/activityconfig/get',
      db: 'read',
      summary: 'Read the activity-log config.',
    },
    {
      name: 'workspace.activityconfig.update',
      path: '/v2/workspace/activityconfig/update',
      db: 'read-write',
      summary:
        'Partially update the activity-log config; the first enable seeds comment triggers and immutability.',
    },
    {
      name: 'workspace.permissionproviderconfig.get',
      path: '/v2/workspace/permissionproviderconfig/get',
      db: 'read',
      summary: 'Read the permission-provider config.',
    },
    {
      name: 'workspace.permissionproviderconfig.update',
      path: '/v2/workspace/permissionproviderconfig/update',
      db: 'read-write',
      summary: 'Partially update the permission-provider config.',
    },
  ]),
  ...domainRoutes('organizations', [
    {
      name: 'organizations.add',
      path: '/v2/organizations/add',
      db: 'read-write',
      summary: 'Add organizations, or update the name and metadata of existing ones.',
    },
    {
      name: 'organizations.get',
      path: '/v2/organizations/get',
      db: 'read',
      summary: 'Get organizations by id, or list them a page at a time.',
    },
    {
      name: 'organizations.delete',
      path: '/v2/organizations/delete',
      db: 'read-write',
      queues: ['document-migration'],
      realtime: true,
      summary:
        'Delete organizations with everything stored under them; the rest of their data is erased in the background.',
    },
    {
      name: 'organizations.folders.add',
      path: '/v2/organizations/folders/add',
      db: 'read-write',
      summary: 'Add folders under root or under existing folders.',
    },
    {
      name: 'organizations.folders.get',
      path: '/v2/organizations/folders/get',
      db: 'read',
      summary: "Get an organization's folders, or one folder with its subfolders nested to maxDepth.",
    },
    {
      name: 'organizations.folders.update',
      path: '/v1/organizations/folders/update',
      db: 'read-write',
      summary: 'Rename, re-type or move folders; a move carries the whole subtree.',
    },
    {
      name: 'organizations.folders.delete',
      path: '/v2/organizations/folders/delete',
      db: 'read-write',
      queues: ['document-migration'],
      realtime: true,
      summary:
        'Delete a folder, its subfolders and their documents (with their data, erased in the background).',
    },
    {
      name: 'organizations.documents.add',
      path: '/v1/organizations/documents/add',
      db: 'read-write',
      summary: 'Add documents (optionally into a folder), or update existing ones.',
    },
    {
      name: 'organizations.documents.get',
      path: '/v2/organizations/documents/get',
      db: 'read',
      summary: "Get documents by id, or list an organization's (or a folder's) documents.",
    },
    {
      name: 'organizations.documents.delete',
      path: '/v1/organizations/documents/delete',
      db: 'read-write',
      queues: ['document-migration'],
      realtime: true,
      summary:
        'Delete documents with everything stored under them (erased in the background); missing ones are reported as not existing.',
    },
  ]),
  ...domainRoutes('migration', [
    {
      name: 'organizations.documents.migrate',
      path: '/v2/organizations/documents/migrate',
      db: 'read-write',
      queues: ['document-migration'],
      summary: "Start moving every record of a document to a new document id; returns the job's migrationId.",
    },
    {
      name: 'organizations.documents.migrate.status',
      path: '/v2/organizations/documents/migrate/status',
      db: 'read',
      summary: 'Report a migration: pending, in_progress, completed or failed (with a message).',
    },
  ]),
  ...domainRoutes('access', [
    {
      name: 'users.add',
      path: '/v2/users/add',
      db: 'read-write',
      summary: 'Add users to an organization, a folder only, or a document only.',
    },
    {
      name: 'users.get',
      path: '/v2/users/get',
      db: 'read',
      summary: 'List the members (contacts) of an organization, folder or document.',
    },
    {
      name: 'users.update',
      path: '/v2/users/update',
      db: 'read-write',
      realtime: true,
      summary: "Update users' profiles and roles; missing users fail per item.",
    },
    {
      name: 'users.delete',
      path: '/v2/users/delete',
      db: 'read-write',
      realtime: true,
      summary: 'Remove users from an organization, folder or document.',
    },
  ]),
  ...domainRoutes('lifecycle', [
    {
      name: 'users.data.get',
      path: '/v2/users/data/get',
      db: 'read',
      summary: 'List everything stored about a user, across every feature, 100 items a page (GDPR access).',
    },
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
  ]),
  ...domainRoutes('access', [
    {
      name: 'organizations.usergroups.add',
      path: '/v2/organizations/usergroups/add',
      db: 'read-write',
      summary: 'Add user groups, or rename existing ones.',
    },
    {
      name: 'organizations.usergroups.get',
      path: '/v2/organizations/usergroups/get',
      db: 'read',
      summary: "Get an organization's user groups with their members.",
    },
    {
      name: 'organizations.usergroups.users.add',
      path: '/v2/organizations/usergroups/users/add',
      db: 'read-write',
      summary: 'Add organization members to a user group.',
    },
    {
      name: 'organizations.usergroups.users.delete',
      path: '/v2/organizations/usergroups/users/delete',
      db: 'read-write',
      summary: 'Remove users (or everyone) from a user group.',
    },
    {
      name: 'auth.permissions.get',
      path: '/v2/auth/permissions/get',
      db: 'read',
      summary: "Resolve users' access to an organization and its folders and documents.",
    },
    {
      name: 'auth.permissions.add',
      path: '/v2/auth/permissions/add',
      db: 'read-write',
      summary:
        'Grant a user access to organizations, folders, documents or contexts, optionally until a time.',
    },
    {
      name: 'auth.permissions.remove',
      path: '/v2/auth/permissions/remove',
      db: 'read-write',
      realtime: true,
      summary: "Remove a user's explicit grants.",
    },
    {
      name: 'auth.token.generate',
      path: '/v2/auth/generate_token',
      db: 'read-write',
      summary: "Sign a 48-hour user token (JWT, HS256) with the API key's own secret.",
    },
  ]),
  ...domainRoutes('webhooks', [
    {
      name: 'workspace.advancedwebhook.endpoints.get',
      path: '/v2/workspace/advancedwebhook/endpoints/get',
      db: 'read',
      summary: 'List advanced-webhook endpoints, newest first, with Svix-style iterators.',
    },
    {
      name: 'workspace.advancedwebhook.endpoints.create',
      path: '/v2/workspace/advancedwebhook/endpoints/create',
      db: 'read-write',
      summary: 'Create an advanced-webhook endpoint with a service-generated id and signing secret.',
    },
    {
      name: 'workspace.advancedwebhook.endpoints.update',
      path: '/v2/workspace/advancedwebhook/endpoints/update',
      db: 'read-write',
      summary: 'Partially update an advanced-webhook endpoint; returns its state after the write.',
    },
    {
      name: 'workspace.advancedwebhook.endpoints.delete',
      path: '/v2/workspace/advancedwebhook/endpoints/delete',
      db: 'read-write',
      summary: 'Delete an advanced-webhook endpoint.',
    },
    {
      name: 'workspace.advancedwebhook.endpoints.secret.get',
      path: '/v2/workspace/advancedwebhook/endpoints/secret/get',
      db: 'read',
      summary: "Show an endpoint's current signing secret.",
    },
    {
      name: 'workspace.advancedwebhook.endpoints.secret.rotate',
      path: '/v2/workspace/advancedwebhook/endpoints/secret/rotate',
      db: 'read-write',
      summary: "Replace an endpoint's signing secret; the previous one keeps signing for 24 hours.",
    },
    {
      name: 'workspace.advancedwebhook.endpoints.messages.get',
      path: '/v2/workspace/advancedwebhook/endpoints/messages/get',
      db: 'read',
      summary: "List an endpoint's messages, newest first, with their delivery attempts; paged.",
    },
    {
      name: 'workspace.advancedwebhook.endpoints.messages.replay',
      path: '/v2/workspace/advancedwebhook/endpoints/messages/replay',
      db: 'read-write',
      queues: ['webhook-delivery'],
      summary: 'Replay a dead-lettered message to its endpoint (same webhook-id, fresh retry schedule).',
    },
    {
      name: 'workspace.webhooks.test',
      path: '/v2/workspace/webhooks/test',
      db: 'read-write',
      queues: ['webhook-delivery'],
      summary: 'Send a `webhook.test` event to one endpoint (signed) or to the basic-webhook URLs.',
    },
  ]),
  ...domainRoutes('notifications', [
    {
      name: 'notifications.add',
      path: '/v2/notifications/add',
      db: 'read-write',
      summary:
        'Notify organization members and/or given users, optionally only those with access to the document.',
    },
    {
      name: 'notifications.get',
      path: '/v2/notifications/get',
      db: 'read',
      summary: "A user's inbox (newest first) or a document's notifications, paged.",
    },
    {
      name: 'notifications.update',
      path: '/v2/notifications/update',
      db: 'read-write',
      summary: 'Mark notifications read per user, or change their content.',
    },
    {
      name: 'notifications.delete',
      path: '/v2/notifications/delete',
      db: 'read-write',
      summary: "Delete notifications by id or document, or from one user's inbox.",
    },
  ]),
  ...domainRoutes('activities', [
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
  ]),
  ...domainRoutes('crdt', [
    {
      name: 'crdt.add',
      path: '/v2/crdt/add',
      db: 'read-write',
      realtime: true,
      summary: "Store a new editor's CRDT (Yjs) content; ALREADY_EXISTS when the editor has data.",
      maxBodyBytes: 4 * 1024 * 1024,
    },
    {
      name: 'crdt.get',
      path: '/v2/crdt/get',
      db: 'read',
      summary: 'Read the content of one editor, or of every editor of a document, as plain JSON.',
    },
    {
      name: 'crdt.update',
      path: '/v2/crdt/update',
      db: 'read-write',
      realtime: true,
      summary: "Replace an editor's content by applying the minimal Yjs edit to the stored state.",
      maxBodyBytes: 4 * 1024 * 1024,
    },
  ]),
  ...domainRoutes('comments', [
    {
      name: 'commentannotations.add',
      path: '/v2/commentannotations/add',
      db: 'read-write',
      summary:
        'Add comment threads with their first comments; each thread, its comments, events and activities are one transaction.',
    },
    {
      name: 'commentannotations.get',
      path: '/v2/commentannotations/get',
      db: 'read',
      summary:
        "A document's threads with their comments (whole threads per page), or threads by annotation id.",
    },
    {
      name: 'commentannotations.update',
      path: '/v2/commentannotations/update',
      db: 'read-write',
      summary:
        "Change a thread's status, priority or assignee, or decide a suggestion once; one event per change.",
    },
    {
      name: 'commentannotations.delete',
      path: '/v2/commentannotations/delete',
      db: 'read-write',
      summary: 'Delete threads with all their comments.',
    },
    {
      name: 'commentannotations.comments.add',
      path: '/v2/commentannotations/comments/add',
      db: 'read-write',
      summary: 'Reply in a thread; replies racing each other all land.',
    },
    {
      name: 'commentannotations.comments.update',
      path: '/v2/commentannotations/comments/update',
      db: 'read-write',
      summary: "Change a comment's text or HTML.",
    },
    {
      name: 'commentannotations.comments.delete',
      path: '/v2/commentannotations/comments/delete',
      db: 'read-write',
      summary: 'Delete comments of a thread; missing ids fail per item.',
    },
    {
      name: 'commentannotations.reactions.add',
      path: '/v2/commentannotations/reactions/add',
      db: 'read-write',
      summary: "Add a user's reaction (an icon) to a comment.",
    },
    {
      name: 'commentannotations.reactions.delete',
      path: '/v2/commentannotations/reactions/delete',
      db: 'read-write',
      summary: "Remove a user's reaction from a comment.",
    },
  ]),
  ...domainRoutes('memory', [
    {
      name: 'memory.search',
      path: '/v2/memory/search',
      db: 'read',
      summary:
        "Semantic search over review judgments (exact cosine top-k in a scope), or a thread's / the most recent judgments.",
    },
    {
      name: 'memory.judgments.query',
      path: '/v2/memory/judgments/query',
      db: 'read',
      summary:
        'List judgments with the search filters, newest first (a thread oldest first), with the total.',
    },
  ]),
  ...domainRoutes('realtime', [
    {
      name: 'livestate.broadcast',
      path: '/v2/livestate/broadcast',
      db: 'read-write',
      realtime: true,
      summary:
        'Send a live-state value (replace or shallow merge) to every connection of a document; kept 24 h for late joiners.',
    },
  ]),
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

/** Project-relative path of a route's handler file: `workspace.apikey.create` → `functions/workspace/apikey-create.ts`. */
export function handlerFile(route: Pick<RouteDefinition, 'name'>): string {
  const [area, ...action] = route.name.split('.');
  return `functions/${area}/${action.join('-')}.ts`;
}

/** A CloudFormation-safe identifier of a route: `workspace.apikey.create` → `WorkspaceApikeyCreate`. */
export function routeId(route: Pick<RouteDefinition, 'name'>): string {
  return route.name
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
