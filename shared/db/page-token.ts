import { createHash } from 'node:crypto';
import { nowMs } from '../core/clock';
import { invalidArgument } from '../core/errors';
import { openWithKeyring, sealWithCurrentKey } from '../security/keyring';

/** Page tokens stop working after a day, so a leaked token is not a permanent cursor. */
const tokenLifetimeMs = 24 * 60 * 60 * 1000;

type StartKey = Record<string, unknown>;

/** What a token is bound to: the owner (API key or workspace) and the query that produced it. */
export interface PageTokenBinding {
  owner: string;
  /** Every query parameter that shapes the result set (not the page size). */
  query: unknown;
}

function fingerprint(query: unknown): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url');
}

/**
 * Makes an opaque page token from DynamoDB's `LastEvaluatedKey`: AES-256-GCM over the key, the
 * query fingerprint and an expiry, with the owner bound as additional data. Clients never see key shapes.
 */
export function encodePageToken(
  lastEvaluatedKey: StartKey,
  binding: PageTokenBinding,
  now = nowMs(),
): string {
  const payload = { k: lastEvaluatedKey, q: fingerprint(binding.query), e: now + tokenLifetimeMs };
  return sealWithCurrentKey('page-token', Buffer.from(JSON.stringify(payload)), `page:${binding.owner}`);
}

/**
 * Reads a page token back into an `ExclusiveStartKey`. Throws INVALID_ARGUMENT when the token was
 * tampered with, belongs to another owner or another query, or has expired.
 */
export function decodePageToken(token: string, binding: PageTokenBinding, now = nowMs()): StartKey {
  const plaintext = openWithKeyring('page-token', token, `page:${binding.owner}`);
  const rejected = invalidArgument('pageToken: invalid or expired page token');
  if (!plaintext) throw rejected;
  const payload = JSON.parse(plaintext.toString('utf8')) as { k: StartKey; q: string; e: number };
  if (payload.q !== fingerprint(binding.query) || payload.e < now) throw rejected;
  return payload.k;
}
