import { ApiError, notFound } from '../core/errors';
import type { ApiKeyCaller, PortalScope } from '../http/caller';
import { openPortalToken, portalSessionScope } from '../webhooks/portal-tokens';
import { apiKeyCaller } from '../workspace/credentials';

/**
 * The caller of a portal session's bearer token (addendum §11): the token opens (sealed, not
 * expired), its session still exists (not revoked) and its API key does; the session's item and the
 * key's credential are read together (one round trip). UNAUTHENTICATED otherwise. The API key's
 * allowed domains do not apply: the token is the credential, and the portal page is served by the
 * service itself.
 */
export async function authenticatePortalToken(token: string): Promise<ApiKeyCaller> {
  const refused = new ApiError(
    'UNAUTHENTICATED',
    'The portal session has expired, was revoked or is not valid.',
  );
  const claims = openPortalToken(token);
  if (!claims) throw refused;
  const [portal, caller] = await Promise.all([
    portalSessionScope(claims.apiKey, claims.sessionId),
    apiKeyCaller(claims.apiKey),
  ]);
  if (!portal || !caller) throw refused;
  return { ...caller, portal };
}

/**
 * Before a portal route runs for a session limited to some endpoints: an `endpointId` it names
 * must be one of them, else NOT_FOUND, as for an endpoint that does not exist (every §11 route
 * names its endpoint `endpointId`).
 */
export function assertInPortalScope(portal: PortalScope, input: unknown): void {
  const endpointId = (input as { endpointId?: unknown } | undefined)?.endpointId;
  if (portal.endpointIds && typeof endpointId === 'string' && !portal.endpointIds.includes(endpointId))
    throw notFound(`Endpoint ${endpointId} not found.`);
}
