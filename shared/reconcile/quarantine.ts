import * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import type { ItemKey } from '../db/key-parts';
import { mapInParallel } from '../db/parallel';
import { listQuarantinedKeys, readQuarantined, releaseQuarantined } from './repository';

/** Keys read per Query of the quarantine partition. */
const pageSize = 100;

/** Releases in flight at once (each one conditional UpdateItem). */
const releaseConcurrency = 25;

/**
 * The id an operator names a quarantined item by: its table key, encoded (base64url of
 * `[pk, sk]`), so one word on a command line carries keys with any characters.
 */
export const quarantineIdOf = (key: ItemKey): string =>
  Buffer.from(JSON.stringify([key.pk, key.sk])).toString('base64url');

const encodedKey = z.tuple([z.string().check(z.minLength(1)), z.string().check(z.minLength(1))]);

/** The key of a quarantine id, or undefined when the text is not one `quarantineIdOf` made. */
export function keyOfQuarantineId(id: string): ItemKey | undefined {
  try {
    const parsed = encodedKey.safeParse(JSON.parse(Buffer.from(id, 'base64url').toString('utf8')));
    return parsed.success ? { pk: parsed.data[0], sk: parsed.data[1] } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A quarantined due item as an operator sees it: its id, entity and key, the failures in a row that
 * quarantined it, the last failure's message and when it failed (epoch ms). Display fields fall
 * back rather than fail, so one odd item never hides the others.
 */
export const quarantinedItem = z.pipe(
  z.object({
    pk: z.string(),
    sk: z.string(),
    entity: z.catch(z.string(), 'unknown'),
    dueFailures: z.catch(z.coerce.number(), 0),
    dueError: z.catch(z.string(), ''),
    dueFailedAt: z.catch(z.coerce.number(), 0),
  }),
  z.transform((item) => ({
    id: quarantineIdOf(item),
    entity: item.entity,
    key: { pk: item.pk, sk: item.sk },
    failures: item.dueFailures,
    error: item.dueError,
    failedAt: item.dueFailedAt,
  })),
);

export type QuarantinedItem = z.output<typeof quarantinedItem>;

/**
 * Every quarantined item (decisions §62), oldest quarantine first, a page at a time (one Query of
 * the quarantine partition and one BatchGetItem per 100).
 */
export async function* quarantinedItems(): AsyncGenerator<QuarantinedItem> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await listQuarantinedKeys(pageSize, start);
    for (const item of await readQuarantined(page.keys)) yield quarantinedItem.parse(item);
    start = page.next;
  } while (start);
}

/**
 * Puts the named quarantined items back in the due index, due now, so the next sweep hands each to
 * its handler again with a fresh failure count. Resolves to how many were released: a key not in
 * the quarantine (released already, by a concurrent release too, or moved by its own work) counts 0.
 */
export async function releaseQuarantinedItems(keys: readonly ItemKey[], now = nowMs()): Promise<number> {
  const released = await mapInParallel(keys, releaseConcurrency, (key) => releaseQuarantined(key, now));
  return released.filter(Boolean).length;
}

/**
 * Releases every item in the quarantine, a page of keys at a time (see `releaseQuarantinedItems`);
 * `onPage` hears the running count. Items quarantined while it runs are released when the listing
 * reaches them. Resolves to how many were released.
 */
export async function releaseAllQuarantined(
  onPage: (released: number) => void = () => undefined,
  now = nowMs(),
): Promise<number> {
  let released = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await listQuarantinedKeys(pageSize, start);
    released += await releaseQuarantinedItems(page.keys, now);
    onPage(released);
    start = page.next;
  } while (start);
  return released;
}
