import { permissionDenied } from '../core/errors';
import { type ApiKeyCaller, usableCredential, type WorkspaceCaller } from '../http/caller';
import { secretMatches } from '../security/secrets';
import { originAllowed } from './domains';
import { findCredentialForAuth, findWorkspaceTokenHash } from './repository';

/**
 * Authenticates an API-key-level call with exactly one DynamoDB read. The message never says which
 * half was wrong. A browser `Origin` must be on the key's allowed domains.
 * Throws PERMISSION_DENIED.
 */
export async function authenticateApiKey(
  apiKey: string | undefined,
  authToken: string | undefined,
  origin: string | undefined,
): Promise<ApiKeyCaller> {
  const denied = permissionDenied('Invalid API key or auth token.');
  if (!usableCredential(apiKey) || !usableCredential(authToken)) throw denied;
  const credential = await findCredentialForAuth(apiKey);
  if (!credential || !secretMatches(authToken, credential.authTokenHash)) throw denied;
  const caller = callerOf(apiKey, credential);
  if (origin !== undefined && !callerOriginAllowed(caller, origin)) {
    throw permissionDenied('This origin is not on the API key’s allowed domains.');
  }
  return caller;
}

const callerOf = (
  apiKey: string,
  credential: NonNullable<Awaited<ReturnType<typeof findCredentialForAuth>>>,
): ApiKeyCaller => ({
  level: 'apiKey',
  apiKey,
  workspaceId: credential.workspaceId,
  keyType: credential.type,
  domains: credential.domains,
  usesPermissionProvider: credential.usesPermissionProvider ?? false,
  digestDelayMinutes: credential.digestDelayMinutes ?? 0,
  erasing: credential.erasing ?? new Set(),
  incarnations: credential.incarnations ?? {},
  storesIncarnations: credential.incarnations !== undefined,
});

/** Whether a browser `Origin` may act for the caller's API key (addendum §2). */
export const callerOriginAllowed = (caller: ApiKeyCaller, origin: string): boolean =>
  originAllowed(origin, caller.domains, caller.keyType);

/**
 * The caller an API key acts as when something other than its auth token vouches for the
 * request (a realtime connection's user token, signed with the key's secret); undefined for an
 * unknown key. One DynamoDB read; the caller checks the Origin (`callerOriginAllowed`).
 */
export async function apiKeyCaller(apiKey: string): Promise<ApiKeyCaller | undefined> {
  const credential = await findCredentialForAuth(apiKey);
  return credential && callerOf(apiKey, credential);
}

/** Authenticates a workspace-level call with one DynamoDB read. Throws PERMISSION_DENIED. */
export async function authenticateWorkspace(
  workspaceId: string | undefined,
  token: string | undefined,
): Promise<WorkspaceCaller> {
  const denied = permissionDenied('Invalid workspace credentials.');
  if (!usableCredential(workspaceId) || !usableCredential(token)) throw denied;
  const tokenHash = await findWorkspaceTokenHash(workspaceId);
  if (!secretMatches(token, tokenHash)) throw denied;
  return { level: 'workspace', workspaceId };
}
