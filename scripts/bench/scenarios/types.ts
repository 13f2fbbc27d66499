import { type RouteName, routeNamed } from '../../../shared/api/routes';
import { postJson, reportsFailedItem } from '../http';

/** What every area's seeding starts from. */
export interface BenchContext {
  /** Base URL of the local stack. */
  url: string;
  /** Distinguishes this run's owner emails from earlier runs' (persisted data, shared stacks). */
  runId: string;
  /** Requests each scenario makes, warm-up included (for pools seeded up front). */
  requestsPerScenario: number;
}

/** One request of a scenario: headers besides content-type, and the `data` of the body. */
export interface BenchRequest {
  headers: Record<string, string>;
  data: Record<string, unknown>;
}

/**
 * How to call one route, given what its area seeded (`F`). `index` counts every request of the
 * scenario, warm-up included, so ids derived from it are fresh per request.
 */
export interface Scenario<F> {
  /** Names an extra row of the same route: `100×100` reports as `auth.permissions.get (100×100)`. */
  variant?: string;
  /**
   * Untimed work before each request, through the API: seeds what a delete removes, or undoes the
   * previous request so the data a route reads stays the same size for the whole run.
   */
  prepare?(fixture: F, index: number): Promise<unknown>;
  request(fixture: F, index: number): BenchRequest;
}

/** Scenarios by route; a route may have several rows (each with its own `variant`). */
export type ScenarioTable<F> = { readonly [Name in RouteName]?: Scenario<F> | readonly Scenario<F>[] };

/** One area of the API: how to seed what its scenarios read (once, before any measuring), and the scenarios. */
export interface Area<F> {
  name: string;
  seed(context: BenchContext): Promise<F>;
  scenarios: ScenarioTable<F>;
}

/** A workspace's credentials, as sent in the `x-svc-workspace-*` headers. */
export interface WorkspaceCredentials {
  id: string;
  token: string;
}

/** An API key and one of its auth tokens. */
export interface ApiKeyCredentials {
  key: string;
  token: string;
}

export const workspaceHeaders = (workspace: WorkspaceCredentials) => ({
  'x-svc-workspace-id': workspace.id,
  'x-svc-workspace-auth-token': workspace.token,
});

export const apiKeyHeaders = (apiKey: ApiKeyCredentials) => ({
  'x-svc-api-key': apiKey.key,
  'x-svc-auth-token': apiKey.token,
});

/**
 * Calls a route outside any measurement and returns the answer's `data`. Throws unless HTTP 200
 * with every item applied: seeding that half worked would make the measured requests lie.
 */
export async function call<T = unknown>(
  url: string,
  route: RouteName,
  headers: Record<string, string>,
  data: Record<string, unknown>,
): Promise<T> {
  const body = await postJson(url, routeNamed(route).path, headers, data);
  const answer = JSON.stringify(body.result.data ?? null);
  if (reportsFailedItem(answer)) throw new Error(`${route} failed an item: ${answer.slice(0, 300)}`);
  return body.result.data as T;
}

/** An API key's headers and a way to call routes with them (seeding and `prepare` steps). */
export interface ApiKeyClient {
  headers: Record<string, string>;
  call<T = unknown>(route: RouteName, data: Record<string, unknown>): Promise<T>;
}

export function apiKeyClient(url: string, apiKey: ApiKeyCredentials): ApiKeyClient {
  const headers = apiKeyHeaders(apiKey);
  return { headers, call: (route, data) => call(url, route, headers, data) };
}

/** A new workspace with its first API key and that key's auth token. */
export interface CreatedWorkspace {
  workspace: WorkspaceCredentials;
  apiKey: ApiKeyCredentials;
}

async function authTokenOf(url: string, workspace: WorkspaceCredentials, key: string): Promise<string> {
  const { authTokens } = await call<{ authTokens: { token: string }[] }>(
    url,
    'workspace.authtokens.get',
    workspaceHeaders(workspace),
    { apiKey: key },
  );
  const token = authTokens[0]?.token;
  if (!token) throw new Error(`API key ${key} has no auth token`);
  return token;
}

/** A client of a new workspace's first API key: what most areas seed through and call with. */
export async function newWorkspaceClient(context: BenchContext, label: string): Promise<ApiKeyClient> {
  return apiKeyClient(context.url, (await createWorkspace(context, label)).apiKey);
}

/** Creates a workspace owned by `bench-<runId>-<label>@example.com` (an owner may hold 5). */
export async function createWorkspace(context: BenchContext, label: string): Promise<CreatedWorkspace> {
  const created = await call<{ id: string; authToken: string; apiKeyList: Record<string, unknown> }>(
    context.url,
    'workspace.create',
    {},
    { ownerEmail: `bench-${context.runId}-${label}@example.com` },
  );
  const workspace = { id: created.id, token: created.authToken };
  const [key] = Object.keys(created.apiKeyList);
  if (!key) throw new Error('workspace.create returned no API key');
  return { workspace, apiKey: { key, token: await authTokenOf(context.url, workspace, key) } };
}

/** Creates a testing API key in `workspace`, with its auth token. */
export async function createApiKey(
  context: BenchContext,
  workspace: WorkspaceCredentials,
  apiKeyName: string,
): Promise<ApiKeyCredentials> {
  const { apiKey } = await call<{ apiKey: string }>(
    context.url,
    'workspace.apikey.create',
    workspaceHeaders(workspace),
    { type: 'testing', apiKeyName },
  );
  return { key: apiKey, token: await authTokenOf(context.url, workspace, apiKey) };
}

/** `count` ids `<prefix>0`, `<prefix>1`, ... */
export const ids = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`);

/** Runs `work` on items in order, `size` at a time (routes take at most 100 items per call). */
export async function inChunks<T>(
  items: readonly T[],
  size: number,
  work: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) await work(items.slice(start, start + size));
}

/**
 * Retries a seeding or `prepare` call the API key's request rate refused (429), after the second it
 * names: a scenario's own requests and its preparation share the key's rate.
 */
export async function withinRate<T>(call: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!String(error).includes('answered 429')) throw error;
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}
