import type { RouteName } from '../../shared/api/routes';
import { callAs } from './api';
import type { TestWorkspace } from './workspaces';

/** Calls a list route with `query` (which must leave a next page) and returns the page token it answers. */
export async function firstPageToken(
  workspace: TestWorkspace,
  route: RouteName,
  query: unknown,
): Promise<string> {
  const response = await callAs(workspace, route, query);
  const token = response.json.result?.pageToken;
  if (typeof token !== 'string')
    throw new Error(`${route} answered no page token: ${JSON.stringify(response.json)}`);
  return token;
}

/** `token` with its last four characters changed: what a client forging a position would send. */
export const tamperedToken = (token: string) =>
  `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
