import { constants, createCipheriv, createHmac, publicEncrypt, randomBytes } from 'node:crypto';
import { parsePublicKey } from '../../security/public-key';
import type { PublishedEvent } from '../event-schemas';

/** The delivered message (addendum §8); `id` is the event id, the same on every attempt and target. */
export function webhookMessage(event: PublishedEvent, webhookId: string) {
  return {
    id: event.id,
    event: event.event,
    actionType: event.actionType,
    source: event.source,
    data: event.data,
    webhookId,
    platform: event.platform,
    timestamp: event.timestamp,
  };
}

/**
 * Encrypts a JSON text (addendum §8): AES-256-CBC under a random key and IV, the key wrapped with the
 * configured RSA public key (OAEP, SHA-256); all three base64.
 */
export function encryptPayload(json: string, publicKey: string) {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encryptedData = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
  const encryptedKey = publicEncrypt(
    { key: parsePublicKey(publicKey), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    key,
  );
  return {
    encryptedData: encryptedData.toString('base64'),
    encryptedKey: encryptedKey.toString('base64'),
    iv: iv.toString('base64'),
  };
}

/** Payload options of a webhook config (basic or advanced). */
export interface PayloadOptions {
  encodeData: boolean;
  encryptData: boolean;
  publicKey: string;
}

/**
 * The request body for a message: the JSON itself, `{ encodedPayload }` with `encodeData`, or the
 * encrypted envelope with `encryptData` (which wins when both are on). Throws when encryption is on
 * and the public key cannot be used.
 */
export function requestBody(message: unknown, options: PayloadOptions): string {
  const json = JSON.stringify(message);
  if (options.encryptData) return JSON.stringify(encryptPayload(json, options.publicKey));
  if (options.encodeData)
    return JSON.stringify({ encodedPayload: Buffer.from(json, 'utf8').toString('base64') });
  return json;
}

/**
 * Standard Webhooks headers: `webhook-signature` holds one `v1,<base64 HMAC-SHA256>` per secret
 * (current first; the previous one too during rotation), over `<id>.<timestamp seconds>.<body>`,
 * keyed with the secret's decoded bytes.
 */
export function signatureHeaders(
  id: string,
  body: string,
  secrets: readonly string[],
  timestampSeconds: number,
) {
  const signed = `${id}.${timestampSeconds}.${body}`;
  const signatures = secrets.map((secret) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  });
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatures.join(' '),
  };
}
