import { randomBytes } from 'node:crypto';
import { nowMs } from '../core/clock';
import { decryptSecret, encryptSecret } from '../security/secrets';
import type { EndpointRecord } from './endpoint-schemas';

/** How long a rotated-out secret keeps signing (addendum §5). */
export const previousSecretLifetimeMs = 24 * 60 * 60 * 1000;

/** The owner an endpoint's secrets are sealed for: a copied ciphertext does not open elsewhere. */
export const endpointSecretOwner = (apiKey: string, endpointId: string) => `${apiKey}#endpoint#${endpointId}`;

/**
 * A new signing secret: `whsec_` + standard base64 of 24 CSPRNG bytes (the Standard Webhooks
 * format), with its sealed form for storage.
 */
export function newSigningSecret(apiKey: string, endpointId: string) {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  return { secret, encrypted: encryptSecret(secret, endpointSecretOwner(apiKey, endpointId)) };
}

/**
 * The secrets an endpoint's deliveries are signed with, current first: the previous secret is
 * included until 24 h after the rotation that replaced it.
 */
export function signingSecrets(
  apiKey: string,
  endpoint: EndpointRecord,
  now = nowMs(),
): [current: string, ...previous: string[]] {
  const open = (encrypted: string) =>
    decryptSecret(encrypted, endpointSecretOwner(apiKey, endpoint.endpointId));
  const previousValid =
    endpoint.previousSecretEncrypted !== undefined && (endpoint.previousSecretExpiresAt ?? 0) > now;
  return [
    open(endpoint.secretEncrypted),
    ...(previousValid ? [open(endpoint.previousSecretEncrypted as string)] : []),
  ];
}
