import { type RouteName, routeNamed } from '../../shared/api/routes';
import { loadRouteHandler } from './handlers';
import { type CallOptions, type CallResult, call } from './lambda';
import type { TestWorkspace } from './workspaces';

/** Calls a route's real handler with the workspace's API-key credentials. */
export async function callAs(
  workspace: TestWorkspace,
  route: RouteName,
  data: unknown,
  options: Pick<CallOptions, 'timeoutMs'> = {},
): Promise<CallResult> {
  return call(await loadRouteHandler(routeNamed(route)), {
    headers: workspace.apiKeyHeaders,
    data,
    path: routeNamed(route).path,
    ...options,
  });
}

/** Like `callAs`, but fails the test unless the call succeeded; returns `result.data`. */
export async function succeed(workspace: TestWorkspace, route: RouteName, data: unknown): Promise<any> {
  const response = await callAs(workspace, route, data);
  if (response.statusCode !== 200) {
    throw new Error(`${route} failed: ${response.statusCode} ${JSON.stringify(response.json)}`);
  }
  return response.json.result?.data;
}
