/**
 * The direction of imports (decisions §50), checked by `npm run lint`:
 *
 *   shared/core ← config, observability ← security ← db, queues ← http ← domains ← api, admin ← functions, scripts
 *
 * A folder imports only from its own layer or the layers to its left; `lib/` (the CDK app) reads only
 * the pure data below the domains. Every `shared/` folder not named in `layers` or `compositionRoots`
 * is a domain. A domain reaches another domain only through that domain's public modules (the
 * conventional ones every domain offers plus its `publicModules` entry). No file imports itself
 * back through others, type imports included.
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
};

/**
 * Above the domains: shared/api wires domains into http (defineEndpoint with the real authenticator
 * and fence, the route contracts); shared/admin composes domains for the operator's commands.
 */
const compositionRoots = ['api', 'admin'];

/**
 * Modules every domain offers the others: its schemas (the contract) and its plugins for the
 * cross-domain jobs — `scope-eraser` (lifecycle erases a deleted organization's records in every
 * domain), `document-mover` (migration moves a document's records), `reconcile` (the due-index sweep
 * of shared/reconcile resumes its overdue work).
 */
const conventionalPublicModules = ['schemas', 'scope-eraser', 'document-mover', 'reconcile'];

/** Further modules a domain offers on purpose, with who needs them. */
const publicModules = {
  // Access decisions for comments, notifications, realtime and organizations; token checks for realtime.
  access: [
    'document-access',
    'model',
    'provider',
    'provider-config',
    'repository',
    'resolver',
    'token-service',
  ],
  // Activity records erased, moved and written with comments.
  activities: ['repository'],
  // The items lifecycle erases with a user's data.
  comments: ['repository', 'write-items'],
  // Document state for realtime sync; update events for the reconciler.
  crdt: ['client-updates', 'codec', 'repository', 'update-events'],
  // Erasure plugins' interface, fences, profile stubs; organization deletion starts erasure.
  lifecycle: ['eraser', 'fence', 'profile-stub', 'service'],
  // Review memory written with activities; erased with a user's data.
  memory: ['repository', 'writes'],
  // Movers' interface and the lease lifecycle shares.
  migration: ['lease', 'mover'],
  notifications: ['repository'],
  // The organization tree and its targets, read by access, comments, notifications and realtime.
  organizations: ['repository', 'targets', 'tree'],
  quotas: ['job-slots', 'request-rate'],
  // Broadcasts to and closing of realtime connections.
  realtime: ['broadcast', 'closing'],
  // The due-handler interface of the sweep.
  reconcile: ['reconciler'],
  // Workspace settings read by the domains they configure.
  settings: ['merge', 'repository', 'service'],
  // The outbox and its events every event-raising domain writes; the contract's schemas of each
  // webhook concept (endpoint, message, config); signing secrets re-sealed by the operator's command.
  webhooks: [
    'outbox',
    'event-schemas',
    'config-schemas',
    'endpoint-schemas',
    'message-schemas',
    'signing-secrets',
  ],
  // Credential checks (composition root, lifecycle, realtime).
  workspace: ['credentials'],
};

const sourceFolders = '^(bin|client|functions|lib|scripts|shared|test)/';
const notLayer = `(?!(?:${[...Object.keys(layers), ...compositionRoots].join('|')})/)`;
const domain = `shared/(${notLayer}[^/]+)/`;

const publicPath = [
  `^shared/[^/]+/(${conventionalPublicModules.join('|')})\\.ts$`,
  ...Object.entries(publicModules).map(([name, modules]) => `^shared/${name}/(${modules.join('|')})\\.ts$`),
];

module.exports = {
  forbidden: [
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
      to: { path: sourceFolders, pathNot: `^shared/(${[layer, ...allowed].join('|')})/` },
    })),
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
      comment: `Only entry points (functions, scripts, tests, the client) import shared/{${compositionRoots.join(',')}}.`,
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
      to: { path: '^(bin|client|functions|lib|scripts|test)/' },
    },
    {
      name: 'table-docs-stay-out-of-bundles',
      severity: 'error',
      comment:
        "The data model's prose (shared/db/entities/docs) is for `npm run docs` and the tests only, so no handler bundle carries it (decisions §55).",
      from: { path: '^(shared|functions|lib|bin|client)/', pathNot: '^shared/db/entities/docs/' },
      to: { path: '^shared/db/entities/docs/' },
    },
    {
      name: 'stack-reads-data',
      severity: 'error',
      comment:
        'The CDK app (bin, lib) reads the pure data below the domains, never domain code or handlers (nor scripts, the client or tests, which import them).',
      from: { path: '^(bin|lib)/' },
      to: {
        path: '^(shared|functions|scripts|client|test)/',
        pathNot: `^shared/(${Object.keys(layers).join('|')})/`,
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
