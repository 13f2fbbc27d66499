import * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import type { PortalScope } from '../http/caller';
import { openWithKeyring, sealWithCurrentKey } from '../security/keyring';
import { findPortalSession } from './portal-session-repository';

/**
 * Portal session tokens (addendum §11, decisions §75): a bearer token for one API key's
 * advanced-webhook routes, sealed with the data keyring (AES-256-GCM) so that it names its key,
 * session and expiry without a read, and a session item that says what it may do and whose deletion
 * revokes it. Every function checks tokens (shared/api), so this module stays small; opening and
 * revoking sessions is ./portal-sessions.ts.
 */

/** What a portal token carries, sealed: API key, session id, expiry (epoch ms). */
const tokenClaims = z.object({ a: z.string(), s: z.string(), e: z.number() });

/** Additional data the token is sealed with: a value sealed for anything else does not open as one. */
const tokenContext = 'portal-session';

/** A portal token for a session of an API key, ending at `expiresAt`. */
export function sealPortalToken(apiKey: string, sessionId: string, expiresAt: number): string {
  const claims: z.infer<typeof tokenClaims> = { a: apiKey, s: sessionId, e: expiresAt };
  return sealWithCurrentKey('portal-session', Buffer.from(JSON.stringify(claims)), tokenContext);
}

/** A portal token's API key and session, when it opens and has not expired at `now`; undefined otherwise. */
export function openPortalToken(
  token: string,
  now = nowMs(),
): { apiKey: string; sessionId: string; expiresAt: number } | undefined {
  const plaintext = openWithKeyring('portal-session', token, tokenContext);
  if (!plaintext) return undefined;
  let claims: z.infer<typeof tokenClaims>;
  try {
    claims = tokenClaims.parse(JSON.parse(plaintext.toString('utf8')));
  } catch {
    return undefined;
  }
  return claims.e > now ? { apiKey: claims.a, sessionId: claims.s, expiresAt: claims.e } : undefined;
}

/**
 * The scope of a session whose token opened (so it has not expired: the token carries the
 * session's expiry), or undefined once it is revoked.
 */
export async function portalSessionScope(
  apiKey: string,
  sessionId: string,
): Promise<PortalScope | undefined> {
  const session = await findPortalSession(apiKey, sessionId);
  if (!session) return undefined;
  return {
    sessionId,
    readOnly: session.readOnly,
    ...(session.endpointIds && { endpointIds: session.endpointIds }),
  };
}
