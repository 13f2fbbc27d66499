import { jwtVerify, SignJWT } from 'jose';
import type * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import { startedEarly } from '../db/parallel';
import type { ApiKeyCaller } from '../http/caller';
import { decryptSecret, encryptSecret, generateSecret } from '../security/secrets';
import type { generateTokenInput } from './schemas';
import { findSigningSecret, storeSigningSecret } from './token-repository';

/** Lifetime of a user token (addendum §4). */
export const userTokenLifetimeSeconds = 48 * 60 * 60;

/** The owner an API key's token-signing secret is sealed for. */
export const signingSecretOwner = (apiKey: string) => `token:${apiKey}`;

/** Starts the read of the API key's stored signing secret (a route's prefetch: one GetItem). */
export const readSigningSecret = (apiKey: string) => startedEarly(findSigningSecret(apiKey));

/**
 * The API key's HS256 secret: generated on first use (256 bits), stored only encrypted, never
 * returned. A concurrent first use converges on whichever secret was stored first. `stored` is
 * `readSigningSecret`'s read, when already started.
 */
async function signingSecret(apiKey: string, stored = readSigningSecret(apiKey)): Promise<Uint8Array> {
  let encrypted = await stored;
  if (!encrypted) {
    const candidate = encryptSecret(generateSecret(), signingSecretOwner(apiKey));
    encrypted = (await storeSigningSecret(apiKey, candidate, nowMs()))
      ? candidate
      : await findSigningSecret(apiKey, { consistent: true });
  }
  return new TextEncoder().encode(decryptSecret(encrypted as string, signingSecretOwner(apiKey)));
}

/**
 * A signed user token (JWT, HS256, 48 h): the user, their properties, and the resources and roles
 * it asserts. It records no grant; permissions/add does that. `secret` is `readSigningSecret`'s
 * read, when already started.
 */
export async function generateToken(
  caller: ApiKeyCaller,
  input: z.output<typeof generateTokenInput>,
  secret = readSigningSecret(caller.apiKey),
) {
  const resources = (input.permissions?.resources ?? []).map((resource) => ({
    type: resource.type,
    id: resource.id,
    ...(resource.organizationId !== undefined && { organizationId: resource.organizationId }),
    accessRole: resource.accessRole ?? 'editor',
    ...(resource.expiresAt !== undefined && { expiresAt: resource.expiresAt }),
    ...(resource.context && { context: resource.context }),
  }));
  const issuedAt = Math.floor(nowMs() / 1000);
  const token = await new SignJWT({
    userId: input.userId,
    name: input.userProperties.name,
    email: input.userProperties.email,
    isAdmin: input.userProperties.isAdmin ?? false,
    organizationIds: [...new Set(resources.map((resource) => resource.organizationId ?? resource.id))],
    resources,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(input.userId)
    .setAudience(caller.apiKey)
    .setIssuer('collab-backend')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + userTokenLifetimeSeconds)
    .sign(await signingSecret(caller.apiKey, secret));
  return { token };
}

/**
 * The user a token from generate_token names, when it is well formed, signed with the API key's
 * secret, issued for that key and unexpired; undefined otherwise (one read: the signing secret).
 * Access is never taken from its claims (addendum §9): callers resolve it with `documentAccess`.
 */
export async function verifyUserToken(apiKey: string, token: string): Promise<string | undefined> {
  const encrypted = await findSigningSecret(apiKey);
  if (!encrypted) return undefined;
  const secret = new TextEncoder().encode(decryptSecret(encrypted, `token:${apiKey}`));
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      audience: apiKey,
      issuer: 'collab-backend',
      currentDate: new Date(nowMs()),
    });
    return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
