import {
  type ApiKeyCredentials,
  type Area,
  apiKeyHeaders,
  createApiKey,
  createWorkspace,
  type WorkspaceCredentials,
  workspaceHeaders,
} from './types';

/** The workspace every workspace-level read uses; the raw GetItem floor reads its item too. */
export interface WorkspaceFixture {
  runId: string;
  /** Its own workspace: its default API key plus `resetApiKey`, never more. */
  workspace: WorkspaceCredentials;
  /** The workspace's default API key and its auth token. */
  apiKey: ApiKeyCredentials;
  /** A key of `workspace` only `workspace.authtoken.reset` touches, so other tokens keep working. */
  resetApiKey: string;
  /** A second workspace that takes every key `workspace.apikey.create` makes, so reads stay the same size. */
  scratchWorkspace: WorkspaceCredentials;
}

export const workspaceArea: Area<WorkspaceFixture> = {
  name: 'workspace',
  async seed(context) {
    const main = await createWorkspace(context, 'fixture');
    const scratch = await createWorkspace(context, 'scratch');
    const reset = await createApiKey(context, main.workspace, 'Bench reset key');
    return {
      runId: context.runId,
      workspace: main.workspace,
      apiKey: main.apiKey,
      resetApiKey: reset.key,
      scratchWorkspace: scratch.workspace,
    };
  },
  scenarios: {
    'workspace.create': {
      // A fresh owner per request: an owner email may hold at most 5 workspaces.
      request: (fixture, index) => ({
        headers: {},
        data: { ownerEmail: `bench-${fixture.runId}-${index}@example.com` },
      }),
    },
    'workspace.get': {
      request: (fixture) => ({ headers: workspaceHeaders(fixture.workspace), data: {} }),
    },
    'workspace.apikey.create': {
      request: (fixture) => ({
        headers: workspaceHeaders(fixture.scratchWorkspace),
        data: { type: 'testing' },
      }),
    },
    'workspace.apikeys.get': {
      request: (fixture) => ({ headers: workspaceHeaders(fixture.workspace), data: {} }),
    },
    'workspace.authtokens.get': {
      request: (fixture) => ({
        headers: workspaceHeaders(fixture.workspace),
        data: { apiKey: fixture.apiKey.key },
      }),
    },
    'workspace.authtoken.reset': {
      request: (fixture) => ({
        headers: workspaceHeaders(fixture.workspace),
        data: { apiKey: fixture.resetApiKey },
      }),
    },
    'workspace.domains.get': {
      request: (fixture) => ({ headers: apiKeyHeaders(fixture.apiKey), data: {} }),
    },
  },
};
