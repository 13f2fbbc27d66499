import { nowMs } from '../core/clock';
import { notFound } from '../core/errors';
import type { ApiKeyCaller } from '../http/caller';
import { generateSecret } from '../security/secrets';
import type { AdvancedWebhookConfig } from '../settings/webhook-config-schemas';
import { existingEndpointIds } from './endpoint-repository';
import { requireAdvancedWebhooks } from './endpoint-service';
import { deletePortalSession, insertPortalSession } from './portal-session-repository';
import type { CreatePortalSessionInput } from './portal-session-schemas';
import { openPortalToken, sealPortalToken } from './portal-tokens';

/** Opening and revoking portal sessions (addendum §11, decisions §75); their tokens: ./portal-tokens.ts. */

/**
 * Opens a portal session for the API key: checks the endpoints it is limited to (NOT_FOUND naming
 * the first that is not the key's), stores the session and answers its token and the portal page's
 * URL under `serviceUrl`, the token in the fragment (browsers never send it to a server).
 */
export async function createPortalSession(
  apiKey: string,
  input: CreatePortalSessionInput,
  serviceUrl: string,
  enabled: Promise<AdvancedWebhookConfig> = requireAdvancedWebhooks(apiKey),
) {
  const [, existing] = await Promise.all([
    enabled,
    input.endpointIds ? existingEndpointIds(apiKey, input.endpointIds) : undefined,
  ]);
  const unknown = input.endpointIds?.find((endpointId) => !existing?.has(endpointId));
  if (unknown !== undefined) throw notFound(`Endpoint ${unknown} not found.`);
  const now = nowMs();
  const session = {
    sessionId: generateSecret('ps_', 16),
    readOnly: input.readOnly,
    ...(input.endpointIds && { endpointIds: [...new Set(input.endpointIds)] }),
    expiresAt: now + input.expiresInSeconds * 1000,
  };
  await insertPortalSession(apiKey, session, now);
  const token = sealPortalToken(apiKey, session.sessionId, session.expiresAt);
  return {
    url: `${serviceUrl}/portal#token=${encodeURIComponent(token)}`,
    token,
    expiresAt: session.expiresAt,
  };
}

/**
 * Ends one of the API key's portal sessions at once. A token that does not open, or names another
 * key, is NOT_FOUND; an expired or already revoked session of the key is ended already (success).
 */
export async function revokePortalSession(apiKey: string, token: string): Promise<void> {
  const claims = openPortalToken(token, Number.NEGATIVE_INFINITY);
  if (!claims || claims.apiKey !== apiKey) throw notFound('Portal session not found.');
  await deletePortalSession(apiKey, claims.sessionId);
}

/**
 * What the caller may do on the advanced-webhook routes (portal/session/get): a portal session's
 * scope as its token's request read it (no further read), or everything for API-key credentials.
 */
export const portalScopeOf = (caller: ApiKeyCaller) => ({
  portal: caller.portal !== undefined,
  readOnly: caller.portal?.readOnly ?? false,
  endpointIds: caller.portal?.endpointIds ? [...caller.portal.endpointIds] : null,
});
