import { createPublicKey, type KeyObject } from 'node:crypto';

/** Smallest RSA modulus accepted for webhook payload encryption (addendum §8). */
export const minRsaKeyBits = 2048;

/**
 * A configured public key: PEM, or the bare base64 of a DER SubjectPublicKeyInfo (addendum §8).
 * Throws when the text is neither.
 */
export function parsePublicKey(configured: string): KeyObject {
  const text = configured.trim();
  if (text.includes('-----BEGIN')) return createPublicKey(text);
  return createPublicKey({
    key: Buffer.from(text.replace(/\s+/g, ''), 'base64'),
    format: 'der',
    type: 'spki',
  });
}

/**
 * Why a configured key cannot encrypt webhook payloads (RSA-OAEP with at least `minRsaKeyBits`
 * bits), or undefined when it can. A private key is refused too: `createPublicKey` would quietly
 * derive the public half, and the service must not hold a customer's private key.
 */
export function rsaPublicKeyProblem(configured: string): string | undefined {
  const requirement = `must be an RSA public key of at least ${minRsaKeyBits} bits (PEM or base64 SPKI)`;
  if (/PRIVATE KEY/.test(configured)) return `${requirement}, not a private key`;
  let key: KeyObject;
  try {
    key = parsePublicKey(configured);
  } catch {
    return requirement;
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < minRsaKeyBits) return requirement;
  return undefined;
}
