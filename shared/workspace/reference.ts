/** The reference's words for the workspace domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { workspaceContracts } from './contracts';

export const workspaceReference = domainReference<typeof workspaceContracts>()({
  operations: {
    'workspace.create':
      'The way in for a newcomer: no credentials needed. Creates the workspace, its owner, the workspace auth token and one `testing` API key that already has an auth token, so `workspace/authtokens/get` with the answered workspace credentials gives working API-key credentials. The workspace auth token is shown here only, once: keep it. One owner email may hold at most 5 workspaces (`RESOURCE_EXHAUSTED`). A deployment may switch public creation off (`PERMISSION_DENIED`); production deployments have it off by default and the operator creates workspaces with `npm run admin -- create-workspace`.',
    'workspace.get':
      'Answers the workspace of the credentials sent, its owner and every API key it owns, as `workspace/create` did but without the workspace auth token.',
    'workspace.apikey.create':
      'Adds an API key to the workspace. A `testing` key always accepts requests from `localhost`; a `production` key accepts browser requests only from its allowed domains. The key gets an auth token unless `createAuthToken` is false (then `workspace/authtoken/reset` gives it one later). Read the token with `workspace/authtokens/get`.',
    'workspace.apikeys.get':
      "Lists the workspace's API keys a page at a time (oldest first), or answers the ones named in `apiKeys`. A key of another workspace is `NOT_FOUND`.",
    'workspace.authtokens.get':
      "Answers the auth token of one of the workspace's API keys, to send as `x-svc-auth-token` beside the key as `x-svc-api-key`. A key of another workspace is `NOT_FOUND`.",
    'workspace.authtoken.reset':
      'Issues a new auth token for the API key. The previous token is refused from this moment on (`PERMISSION_DENIED`); update every caller that uses it. A key of another workspace is `NOT_FOUND`.',
    'workspace.domains.get':
      'Answers the allowed domains of the calling API key: a request that carries an `Origin` header from any other host is refused with `PERMISSION_DENIED`. Calls without `Origin` (server to server) are not affected.',
  },
  fields: {
    'data.name': "The owner's name; the part of `ownerEmail` before `@` when left out.",
    'result.data.name': "The workspace's name.",
    'owner.name': "The owner's name.",
    'authTokens.name': "The token's name.",
    'newAuthToken.name': "The token's name.",
    ownerEmail: "The owner's email address. At most 5 workspaces per owner email.",
    workspaceName: "The workspace's name; `<owner name>'s workspace` when left out.",
    'result.data.id': 'The workspace id: send it as `x-svc-workspace-id`.',
    'owner.id': "The owner's id, assigned by the service.",
    'ApiKeySummary.id': 'The API key: send it as `x-svc-api-key`.',
    owner: "The workspace's owner.",
    apiKeyList: "The workspace's API keys, keyed by the key itself.",
    authToken:
      'The workspace auth token: send it as `x-svc-workspace-auth-token`. Shown once, in this answer only; keep it safe.',
    type: 'What the key is for: `testing` keys always accept requests from `localhost`; `production` keys only from their allowed domains.',
    apiKeyName: "The key's name, for people.",
    createAuthToken:
      'Give the new key an auth token now. With false, the key cannot be used until `workspace/authtoken/reset` gives it one.',
    allowedDomains:
      'Domains browsers may call from with this key (the `Origin` header), at most 100: full URLs or bare hosts; protocol and `www.` are stripped, `*.example.com` allows every subdomain.',
    apiKeys: 'Answer these API keys only (at most 30) instead of a page of all.',
    apiKey: "The API key (one of this workspace's).",
    'result.data.apiKey': 'The API key: send it as `x-svc-api-key`.',
    authTokens: "The key's auth tokens (one).",
    newAuthToken: 'The new auth token; the previous one no longer works.',
    token: 'The auth token: send it as `x-svc-auth-token` together with the API key.',
    domains: "The API key's allowed domains, as stored (protocol and `www.` stripped), sorted.",
  },
});
