/** One example call per route of the workspace domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { answer } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { workspaceContracts } from './contracts';

const owner = { id: 'user-1', email: 'alice@example.com', name: 'Alice' };
const apiKeyList = { 'key-1': { id: 'key-1', apiKeyName: 'Testing key', type: 'testing' as const } };
const authToken = { token: 'tok_3f9a1c', name: 'Default', domains: ['app.example.com'] };

export const workspaceExamples = {
  'workspace.create': {
    request: { ownerEmail: 'alice@example.com', name: 'Alice', workspaceName: "Alice's workspace" },
    response: answer('Workspace created.', {
      id: 'ws-1',
      name: "Alice's workspace",
      owner,
      apiKeyList,
      authToken: 'wtok_8d2e',
    }),
  },
  'workspace.get': {
    request: {},
    response: answer('Workspace retrieved.', { id: 'ws-1', name: "Alice's workspace", owner, apiKeyList }),
  },
  'workspace.apikey.create': {
    request: { type: 'production', apiKeyName: 'Production', allowedDomains: ['app.example.com'] },
    response: answer('API key created.', { apiKey: 'key-2' }),
  },
  'workspace.apikeys.get': {
    request: { pageSize: 20 },
    response: answer('API keys retrieved.', [apiKeyList['key-1']]),
  },
  'workspace.authtokens.get': {
    request: { apiKey: 'key-1' },
    response: answer('Auth tokens retrieved.', { apiKey: 'key-1', authTokens: [authToken] }),
  },
  'workspace.authtoken.reset': {
    request: { apiKey: 'key-1' },
    response: answer('Auth token reset.', {
      apiKey: 'key-1',
      newAuthToken: { ...authToken, token: 'tok_7b21e0' },
    }),
  },
  'workspace.domains.get': {
    request: {},
    response: answer('Domains retrieved.', { domains: ['app.example.com'] }),
  },
} satisfies ExamplesOf<typeof workspaceContracts>;
