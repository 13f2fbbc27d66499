/**
 * The direction of imports (decisions §50), checked by `npm run lint`:
 *
 *   shared/core ← config, observability ← security ← db, queues ← http, reconcile, sockets ← plugins
 *     ← domains ← api, admin ← functions, scripts
 *
 * A folder imports only from its own layer or the layers to its left; `lib/` (the CDK app) reads only
 * the pure data below the domains. A domain's `routes.ts` is such data (its route table rows, which
 * shared/api/routes.ts composes), so it imports nothing but the row helper. Every `shared/` folder
 * not named in `layers` or `compositionRoots` is a domain. A domain reaches another domain only
 * through that domain's public modules (the conventional ones every domain offers plus its
 * `publicModules` entry), and no two domains import each other, directly or through others
 * (`no-domain-cycle`, a folder cycle). No file imports itself
 * back through others, type imports included.
 *
 * The client package (packages/client) is published on its own: it imports nothing from the rest of
 * the repository, and of the server only shared/sockets/frames.ts and awareness-messages.ts import
 * it (the realtime wire codecs both ends speak); tests and scripts use it freely.
 */

/** Infrastructure layers below the domains, each with the layers it may import (besides itself). */
const layers = {
  core: [],
  config: ['core'],
  observability: ['core', 'config'],
  security: ['core', 'config', 'observability'],
  db: ['core', 'config', 'observability', 'security'],
  queues: ['core', 'config', 'observability', 'security'],
  http: ['core', 'config', 'observability', 'security', 'db', 'queues'],
  // The due-index sweep and its handler contract, the job lease it resumes by.
  reconcile: ['core', 'config', 'observability', 'security', 'db', 'queues'],
  // The realtime socket transport: connection storage, posting, broadcast and closing (the access
  // re-checks take the access domain's decision from their caller).
  sockets: ['core', 'config', 'observability', 'security', 'db', 'queues', 'http'],
  // What domains implement or apply for the cross-domain jobs: mover, eraser, fence, profile stub.
  plugins: ['core', 'config', 'observability', 'security', 'db', 'queues', 'http'],
};

/**
 * Above the domains: shared/api wires domains into http (defineEndpoint with the real authenticator
 * and fence, the route contracts); shared/admin composes domains for the operator's commands.
 */
const compositionRoots = ['api', 'admin'];

/**
 * Modules every domain offers the others: its schemas (the contract). Its plugins for the
 * cross-domain jobs (`scope-eraser`, `document-mover`, `reconcile`) implement contracts below the
 * domains (shared/plugins, shared/reconcile) and are listed by the composition root
 * (functions/workers), never imported by another domain.
 */
const conventionalPublicModules = ['schemas'];

/** Further modules a domain offers on purpose, with who needs them. */
const publicModules = {
  // Access decisions for comments, notifications and realtime; token checks for realtime.
  access: ['document-access', 'provider', 'provider-config', 'repository', 'token-service'],
  // The pure access model and resolver over an organization's tree, below access and organizations.
  'access-model': ['model', 'resolver'],
  // Activity records erased, moved and written with comments.
  activities: ['repository'],
  // The items lifecycle erases with a user's data.
  comments: ['repository', 'write-items', 'user-data-erasure'],
  // Document state for realtime sync; update events for the reconciler.
  crdt: ['client-updates', 'codec', 'repository', 'update-events'],
  // Organization and document deletion starts erasure; erasure runs the jobs it stores.
  lifecycle: ['repository', 'service'],
  // Review memory written with activities; erased with a user's data.
  memory: ['repository', 'writes'],
  // Notification records, inbox entries and counts; preferences, which comment notifications apply;
  // the digest windows comment notifications open.
  notifications: [
    'repository',
    'count-repository',
    'digest-repository',
    'preference-repository',
    'preference-service',
  ],
  // The organization tree and its targets, read by access, comments, notifications and realtime.
  organizations: ['repository', 'targets', 'tree'],
  quotas: ['job-slots', 'request-rate'],
  // Workspace settings read by the domains they configure; the webhook configs read by delivery.
  settings: [
    'merge',
    'repository',
    'service',
    'webhook-config-merge',
    'webhook-config-schemas',
    'webhook-config-service',
  ],
  // The outbox and its events every event-raising domain writes; the contract's schemas of each
  // webhook concept (endpoint, message); signing secrets re-sealed by the operator's command; the
  // profiles webhook messages carry, stubbed by a user's erasure.
  webhooks: [
    'outbox',
    'event-schemas',
    'endpoint-schemas',
    'message-schemas',
    'signing-secrets',
    'profile-mention-repository',
  ],
  // Credential checks (composition root, lifecycle, realtime).
  workspace: ['credentials'],
};

const sourceFolders = '^(bin|functions|lib|packages|scripts|shared|test)/';

/** The realtime wire codecs (§9's frames, y-protocols' awareness messages) the server takes from the client package. */
const wireCodec = '^packages/client/src/(frames|awareness)\\.ts$';
const notLayer = `(?!(?:${[...Object.keys(layers), ...compositionRoots].join('|')})/)`;
const domain = `shared/(${notLayer}[^/]+)/`;

/** A domain's route table rows: pure data, composed by shared/api/routes.ts and read at synth time. */
const domainRouteRows = `^${domain}routes\\.ts$`;

const publicPath = [
  `^shared/[^/]+/(${conventionalPublicModules.join('|')})\\.ts$`,
  ...Object.entries(publicModules).map(([name, modules]) => `^shared/${name}/(${modules.join('|')})\\.ts$`),
];

const domainCycle = {
  name: 'no-domain-cycle',
  severity: 'error',
  comment:
    "No shared/ folder imports one that imports it back, directly or through others (a folder cycle: the domains no longer change alone). Contracts go below the domains (shared/plugins, shared/reconcile), lists of every domain's plugins up to the composition root (functions/workers).",
  scope: 'folder',
};

module.exports = {
  forbidden: [
    {
      ...domainCycle,
      from: { path: '^shared/[^/]+$' },
      to: { path: '^shared/[^/]+$', circular: true },
    },
    {
      name: 'organizations-below-access',
      severity: 'error',
      comment:
        'Access reads organizations; the model both share (access types, the folder tree, the resolver) lies below them in shared/access-model.',
      from: { path: '^shared/organizations/' },
      to: { path: '^shared/access/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No file imports itself back through others (type imports count).',
      from: {},
      to: { circular: true },
    },
    ...Object.entries(layers).map(([layer, allowed]) => ({
      name: `layer-${layer}`,
      severity: 'error',
      comment: `shared/${layer} imports only ${allowed.length ? `shared/{${allowed.join(',')}}` : 'packages'}.`,
      from: { path: `^shared/${layer}/` },
      to: {
        path: sourceFolders,
        pathNot: [
          `^shared/(${[layer, ...allowed].join('|')})/`,
          ...(layer === 'http' ? [domainRouteRows] : []),
          ...(layer === 'sockets' ? [wireCodec] : []),
        ],
      },
    })),
    {
      name: 'domain-route-rows-are-data',
      severity: 'error',
      comment:
        "A domain's routes.ts is pure data the route table composes: it imports the row helper and queue names only.",
      from: { path: domainRouteRows },
      to: {
        path: sourceFolders,
        pathNot: ['^shared/http/route-rows\\.ts$', '^shared/core/queue-names\\.ts$'],
      },
    },
    {
      name: 'domain-layer',
      severity: 'error',
      comment:
        'A domain imports shared layers and other domains, never a composition root or an entry point.',
      from: { path: `^${domain}` },
      to: { path: sourceFolders, pathNot: '^shared/' },
    },
    {
      name: 'composition-root',
      severity: 'error',
      comment: `Only entry points (functions, scripts, tests) import shared/{${compositionRoots.join(',')}}.`,
      from: { path: '^shared/([^/]+)/' },
      to: { path: `^shared/(${compositionRoots.join('|')})/`, pathNot: '^shared/$1/' },
    },
    {
      name: 'domain-public-surface',
      severity: 'error',
      comment:
        'A domain reaches another only through its public modules (conventionalPublicModules, publicModules).',
      from: { path: `^${domain}` },
      to: { path: `^${domain}`, pathNot: ['^shared/$1/', ...publicPath] },
    },
    {
      name: 'shared-entry-points',
      severity: 'error',
      comment: 'shared/ imports no entry point, stack, script or test.',
      from: { path: '^shared/' },
      to: { path: '^(bin|functions|lib|scripts|test)/' },
    },
    {
      name: 'client-package-stands-alone',
      severity: 'error',
      comment: 'The client package is published on its own: it imports nothing outside packages/client.',
      from: { path: '^packages/client/' },
      to: { path: sourceFolders, pathNot: '^packages/client/' },
    },
    {
      name: 'client-package-users',
      severity: 'error',
      comment:
        'The server, the stack and the handlers do not use the client package, but for the wire codecs that shared/sockets re-exports (frames.ts, awareness-messages.ts).',
      from: {
        path: '^(bin|functions|lib|shared)/',
        pathNot: '^shared/sockets/(frames|awareness-messages)\\.ts$',
      },
      to: { path: '^packages/' },
    },
    {
      name: 'table-docs-stay-out-of-bundles',
      severity: 'error',
      comment:
        "The data model's prose (shared/db/entities/docs) is for `npm run docs` and the tests only, so no handler bundle carries it (decisions §55).",
      from: { path: '^(shared|functions|lib|bin|packages)/', pathNot: '^shared/db/entities/docs/' },
      to: { path: '^shared/db/entities/docs/' },
    },
    {
      name: 'reference-words-stay-out-of-bundles',
      severity: 'error',
      comment:
        "The reference's words (each domain's reference.ts, shared/http/reference.ts and their composition shared/api/route-reference.ts) are for `npm run docs` and the tests only, so no handler or client bundle carries the prose.",
      from: {
        path: '^(shared|functions|lib|bin|client)/',
        pathNot: ['^shared/[^/]+/reference\\.ts$', '^shared/api/route-reference\\.ts$'],
      },
      to: { path: ['^shared/[^/]+/reference\\.ts$', '^shared/api/route-reference\\.ts$'] },
    },
    {
      name: 'stack-reads-data',
      severity: 'error',
      comment:
        'The CDK app (bin, lib) reads the pure data below the domains, never domain code or handlers (nor scripts, the client package or tests).',
      from: { path: '^(bin|lib)/' },
      to: {
        path: '^(shared|functions|scripts|packages|test)/',
        // The job machinery and socket transport below the domains (reconcile, plugins, sockets) are code, not data.
        pathNot: [
          `^shared/(${Object.keys(layers)
            .filter((layer) => !['reconcile', 'plugins', 'sockets'].includes(layer))
            .join('|')})/`,
          domainRouteRows,
          // The route table: the composition of the domains' rows.
          '^shared/api/routes\\.ts$',
        ],
      },
    },
  ],
  options: {
    includeOnly: sourceFolders,
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
