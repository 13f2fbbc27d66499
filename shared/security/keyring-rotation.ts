/**
 * The steps of a data key rotation (decisions §35, §38) as pure functions of a keyring: add a new
 * key beside the current one, make it current, retire the others. `rotate-data-key` applies them to
 * the keyring's secret. Keys are numbered (`0`, `1`, ...; a plain-string `DATA_KEY` is key `0`), so
 * the newest key is the highest number and a key "waiting" is one above the current key.
 */
import { randomBytes } from 'node:crypto';
import type { Keyring } from './keyring';

/** A rotation step that does not apply to the keyring as it is; the message says why and what to do. */
export class RotationRefused extends Error {}

/** The keyring as a `DATA_KEY` value: `{"current": "<id>", "keys": {...}}`, which `parseKeyring` reads back. */
export function serializeKeyring(ring: Keyring): string {
  return JSON.stringify({ current: ring.current, keys: Object.fromEntries(ring.keys) });
}

function keyNumbers(ring: Keyring): number[] {
  const ids = [...ring.keys.keys()];
  const unnumbered = ids.filter((id) => !/^(0|[1-9]\d{0,8})$/.test(id));
  if (unnumbered.length > 0) {
    throw new RotationRefused(
      `Key ids ${unnumbered.join(', ')} are not numbers: rotate-data-key only manages keyrings numbered 0, 1, 2, ...; edit this one by hand (README "Operating it").`,
    );
  }
  return ids.map(Number);
}

/** The id of a key added and not yet current (numbered above the current key), if any. */
export function waitingKeyId(ring: Keyring): string | undefined {
  const newest = Math.max(...keyNumbers(ring));
  return newest > Number(ring.current) ? String(newest) : undefined;
}

/**
 * Step 1: a new random key (256 bits) numbered after every key of the keyring, not current yet.
 * Refuses while a key added earlier still waits to become current.
 */
export function withNewKey(ring: Keyring, material = randomBytes(32).toString('base64url')) {
  const waiting = waitingKeyId(ring);
  if (waiting !== undefined) {
    throw new RotationRefused(`Key ${waiting} was added and is not current yet: run --stage activate.`);
  }
  const added = String(Math.max(...keyNumbers(ring)) + 1);
  const keys = new Map(ring.keys).set(added, material);
  return { ring: { current: ring.current, keys } satisfies Keyring, added };
}

/** Step 2: the waiting key becomes current. Refuses when no key waits. */
export function withWaitingKeyCurrent(ring: Keyring) {
  const waiting = waitingKeyId(ring);
  if (waiting === undefined) {
    throw new RotationRefused(
      `No key waits to become current (current: ${ring.current}): run --stage add first.`,
    );
  }
  return { ring: { current: waiting, keys: ring.keys } satisfies Keyring, activated: waiting };
}

/** Step 3: only the current key stays. Refuses while a key waits, or when no other key is left. */
export function withoutRetiredKeys(ring: Keyring) {
  const waiting = waitingKeyId(ring);
  if (waiting !== undefined) {
    throw new RotationRefused(
      `Key ${waiting} is not current yet: run --stage activate before retiring keys.`,
    );
  }
  const retired = [...ring.keys.keys()].filter((id) => id !== ring.current);
  if (retired.length === 0)
    throw new RotationRefused(`Key ${ring.current} is the only key: nothing to retire.`);
  const keys = new Map([[ring.current, ring.keys.get(ring.current) as string]]);
  return { ring: { current: ring.current, keys } satisfies Keyring, retired };
}
