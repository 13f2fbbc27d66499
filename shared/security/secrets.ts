import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { currentKeyId, openWithKeyring, sealedKeyId, sealWithCurrentKey } from './keyring';

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
 * AES-256-GCM under the keyring's current data key, whose id the value carries; `owner` (e.g. the
 * API key) is bound to the ciphertext so an encrypted value copied to another item does not decrypt.
 */
export function encryptSecret(secret: string, owner: string): string {
  return sealWithCurrentKey('secret-encryption', Buffer.from(secret, 'utf8'), `secret:${owner}`);
}

/**
 * Decrypts a value from `encryptSecret` under whichever keyring key it names; throws when it does
 * not belong to `owner` (data corruption) or its key is no longer in the keyring.
 */
export function decryptSecret(encrypted: string, owner: string): string {
  const plaintext = openWithKeyring('secret-encryption', encrypted, `secret:${owner}`);
  if (!plaintext) throw new Error(`Stored secret could not be decrypted (key id ${sealedKeyId(encrypted)})`);
  return plaintext.toString('utf8');
}

/**
 * The value `encryptSecret` would store now, when `encrypted` is sealed under an older key of the
 * keyring; undefined when it already uses the current key. Throws as `decryptSecret` does.
 */
export function resealSecret(encrypted: string, owner: string): string | undefined {
  if (sealedKeyId(encrypted) === currentKeyId()) return undefined;
  return encryptSecret(decryptSecret(encrypted, owner), owner);
}
