import { randomBytes } from 'node:crypto';
import { nowMs } from '../core/clock';

/** Lower-case Crockford base32: its characters sort in the same order as their values. */
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

function base32(value: bigint, length: number): string {
  let out = '';
  let rest = value;
  for (let index = 0; index < length; index += 1) {
    out = alphabet[Number(rest % 32n)] + out;
    rest /= 32n;
  }
  return out;
}

/**
 * A new endpoint id: `ep_` + the creation time in ms (10 base32 characters, sortable until the year
 * 10889) + 80 random bits. Ids sort by creation time, so the key order lists endpoints newest first
 * without an index, and ids made in the same millisecond still differ.
 */
export function newEndpointId(now = nowMs()): string {
  const random = BigInt(`0x${randomBytes(10).toString('hex')}`);
  return `ep_${base32(BigInt(now), 10)}${base32(random, 16)}`;
}
