import { type RouteName, routeNamed } from '../../shared/api/routes';
import { loadRouteHandler } from './handlers';
import { type CallResult, call } from './lambda';

/** Calls a route with a portal session's bearer token (and any other headers given). */
export async function callWithToken(
  route: RouteName,
  token: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<CallResult> {
  return call(await loadRouteHandler(routeNamed(route)), {
    headers: { authorization: `Bearer ${token}`, ...headers },
    data,
    path: routeNamed(route).path,
  });
}

/** A call's HTTP status and error status (`OK` without an error). */
export const statusOf = (response: CallResult) => [response.statusCode, response.json.error?.status ?? 'OK'];
