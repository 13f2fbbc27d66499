/**
 * The workspace domain's routes (`workspace.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/workspace/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const workspaceRoutes = domainRoutes('workspace', [
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
]);
