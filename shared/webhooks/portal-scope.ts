import { permissionDenied } from '../core/errors';
import type { ApiKeyCaller } from '../http/caller';

/**
 * What a portal session limited to some endpoints sees of a route's answer (addendum §11): only
 * those endpoints. Routes that name one endpoint are checked before they run (shared/api); these
 * narrow the lists.
 */

/** Whether the caller may see an endpoint: every endpoint unless a portal session limits it. */
export const seesEndpoint = (caller: ApiKeyCaller, endpointId: string): boolean =>
  caller.portal?.endpointIds?.includes(endpointId) ?? true;

/** The items about endpoints the caller may see. */
export const visibleTo = <Item>(
  caller: ApiKeyCaller,
  items: readonly Item[],
  endpointOf: (item: Item) => string,
) => items.filter((item) => seesEndpoint(caller, endpointOf(item)));

/** A session limited to some endpoints cannot add another. */
export function assertMayCreateEndpoints(caller: ApiKeyCaller): void {
  if (caller.portal?.endpointIds)
    throw permissionDenied('A portal session limited to some endpoints cannot create endpoints.');
}
