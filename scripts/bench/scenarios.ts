import { type RouteName, routeNamed } from '../../shared/http/routes';
import { postJson } from './http';

/** A workspace's credentials, as sent in the `x-svc-workspace-*` headers. */
export interface WorkspaceCredentials {
  id: string;
  token: string;
}

/** What the scenarios need, prepared once over HTTP before any scenario runs. */
export interface Fixture {
  /** Distinguishes this run's owner emails from earlier runs' (persisted data, shared stacks). */
  runId: string;
  /** The workspace every read scenario uses: its default API key plus `resetApiKey`. */
  workspace: WorkspaceCredentials;
  /** The workspace's default API key and its auth token. */
  apiKey: { key: string; token: string };
  /** A key of `workspace` only `workspace.authtoken.reset` touches, so other tokens keep working. */
  resetApiKey: string;
  /** A second workspace that takes every key `workspace.apikey.create` makes, so reads stay the same size. */
  scratchWorkspace: WorkspaceCredentials;
}

/** One request of a scenario: headers besides content-type, and the `data` of the body. */
export interface BenchRequest {
  headers: Record<string, string>;
  data: Record<string, unknown>;
}

/** How to call one route; `index` counts every request of the scenario (warm-up included). */
export interface Scenario {
  request(fixture: Fixture, index: number): BenchRequest;
}

const workspaceHeaders = (workspace: WorkspaceCredentials) => ({
  'x-svc-workspace-id': workspace.id,
  'x-svc-workspace-auth-token': workspace.token,
});

const apiKeyHeaders = (apiKey: Fixture['apiKey']) => ({
  'x-svc-api-key': apiKey.key,
  'x-svc-auth-token': apiKey.token,
});

/**
 * One scenario per implemented route. The runner walks the route table, so a route missing here
 * shows up as a 'no scenario' row instead of being skipped.
 */
export const scenarios: Partial<Record<RouteName, Scenario>> = {
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
};

type CreatedWorkspace = { id: string; authToken: string; apiKeyList: Record<string, unknown> };

async function createWorkspace(url: string, ownerEmail: string): Promise<CreatedWorkspace> {
  const body = await postJson(url, routeNamed('workspace.create').path, {}, { ownerEmail });
  return body.result.data as CreatedWorkspace;
}

/** Creates the fixture's workspaces and keys through the API itself (so it works on any stack). */
export async function prepareFixture(url: string): Promise<Fixture> {
  const runId = Date.now().toString(36);
  const main = await createWorkspace(url, `bench-${runId}-fixture@example.com`);
  const scratch = await createWorkspace(url, `bench-${runId}-scratch@example.com`);
  const workspace = { id: main.id, token: main.authToken };
  const [key] = Object.keys(main.apiKeyList);
  if (!key) throw new Error('workspace.create returned no API key');
  const tokens = await postJson(
    url,
    routeNamed('workspace.authtokens.get').path,
    workspaceHeaders(workspace),
    {
      apiKey: key,
    },
  );
  const { authTokens } = tokens.result.data as { authTokens: { token: string }[] };
  const token = authTokens[0]?.token;
  if (!token) throw new Error(`API key ${key} has no auth token`);
  const created = await postJson(
    url,
    routeNamed('workspace.apikey.create').path,
    workspaceHeaders(workspace),
    {
      type: 'testing',
      apiKeyName: 'Bench reset key',
    },
  );
  return {
    runId,
    workspace,
    apiKey: { key, token },
    resetApiKey: (created.result.data as { apiKey: string }).apiKey,
    scratchWorkspace: { id: scratch.id, token: scratch.authToken },
  };
}
