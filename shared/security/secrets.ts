import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { open, seal } from './aead';
import { dataKey } from './data-keys';

/** A new secret from the CSPRNG: `bytes` random bytes (default 32 = 256 bits), base64url, optionally prefixed. */
export function generateSecret(prefix = '', bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** SHA-256 of a secret, hex; what the table stores for lookup and verification. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` hashes to `storedHash`, compared in constant time. */
export function secretMatches(secret: string, storedHash: string | undefined): boolean {
  const expected = Buffer.from(storedHash ?? '', 'hex');
  const actual = Buffer.from(hashSecret(secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Encrypts a secret that must be shown again later (auth tokens, endpoint secrets) with
 * AES-256-GCM under the configured data key; `owner` (e.g. the API key) is bound to the ciphertext
 * so an encrypted value copied to another item does not decrypt.
 */
export function encryptSecret(secret: string, owner: string): string {
  return seal(dataKey('secret-encryption'), Buffer.from(secret, 'utf8'), `secret:${owner}`);
}

/** Decrypts a value from `encryptSecret`; throws when it does not belong to `owner` (data corruption). */
export function decryptSecret(encrypted: string, owner: string): string {
  const plaintext = open(dataKey('secret-encryption'), encrypted, `secret:${owner}`);
  if (!plaintext) throw new Error('Stored secret could not be decrypted');
  return plaintext.toString('utf8');
}
