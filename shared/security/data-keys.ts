import { hkdfSync } from 'node:crypto';
import { env } from '../config/env';

/** What a derived key is for; each purpose gets an independent 256-bit key. */
export type KeyPurpose = 'page-token' | 'secret-encryption';

const derived = new Map<KeyPurpose, Buffer>();

/**
 * A 256-bit key for one purpose, derived with HKDF-SHA256 from the configured `DATA_KEY`, so one
 * secret in configuration yields separate keys and none of them is ever stored in the table.
 */
export function dataKey(purpose: KeyPurpose): Buffer {
  let key = derived.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', env().DATA_KEY, 'collab-backend', purpose, 32));
    derived.set(purpose, key);
  }
  return key;
}
