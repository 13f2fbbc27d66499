import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ivBytes = 12;
const tagBytes = 16;

/**
 * AES-256-GCM sealing: `base64url(iv | ciphertext | tag)`. `context` is bound as additional
 * authenticated data, so a sealed value only opens in the context it was sealed for.
 */
export function seal(key: Buffer, plaintext: Buffer, context: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

/** Opens a value made by `seal`; returns undefined when it was tampered with or sealed elsewhere. */
export function open(key: Buffer, sealed: string, context: string): Buffer | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < ivBytes + tagBytes) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
    return Buffer.concat([
      decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes)),
      decipher.final(),
    ]);
  } catch {
    return undefined;
  }
}
