import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { resourceExhausted } from '../core/errors';
import { countInWindow, type RateKind, uncount } from './repository';

/** One request's place in its API key's rate: counted in `window` (epoch seconds), or refused. */
export interface RateVerdict {
  readonly admitted: boolean;
  readonly window: number;
}

/** The per-second rate of an API key for `kind` (`API_KEY_REQUEST_RATE`, `API_KEY_REALTIME_RATE`); 0: none. */
export const rateLimitOf = (kind: RateKind): number =>
  kind === 'http' ? env().API_KEY_REQUEST_RATE : env().API_KEY_REALTIME_RATE;

/** Windows this instance saw full, by kind and API key: a full window only fills further. */
const fullWindows = new Map<string, number>();
/** Entries kept before the map starts over (a full window is worth remembering for a second only). */
const maxRemembered = 10_000;

/**
 * Counts one request of `apiKey` in its window of a second (fixed windows in the table: one
 * conditional UpdateItem, so the count holds across every Lambda instance). A window holds at most
 * the rate: any second counts at most twice the rate across a window boundary, any T seconds at most
 * (T + 1) × rate. Once this instance found the window full, later requests of the window are
 * refused without a call (a flood costs one refused write per instance per second). Undefined when
 * the kind has no rate (`0`): nothing is counted.
 */
export async function countRequest(
  apiKey: string,
  kind: RateKind,
  now = nowMs(),
): Promise<RateVerdict | undefined> {
  const limit = rateLimitOf(kind);
  if (limit === 0) return undefined;
  const window = Math.floor(now / 1000);
  if (knownOverRate(apiKey, kind, now)) return { admitted: false, window };
  const admitted = await countInWindow(apiKey, kind, window, limit, now);
  if (!admitted) {
    if (fullWindows.size >= maxRemembered) fullWindows.clear();
    fullWindows.set(rememberedAs(apiKey, kind), window);
  }
  return { admitted, window };
}

const rememberedAs = (apiKey: string, kind: RateKind) => `${kind}\u0000${apiKey}`;

/**
 * Whether this instance already found the key's current window full: the request is refused before
 * anything is read for it — credentials, prefetch, a connect's token and room — so a flood past the
 * rate costs the table nothing more than its one refused write per instance and second.
 */
export const knownOverRate = (apiKey: string, kind: RateKind, now = nowMs()): boolean =>
  rateLimitOf(kind) !== 0 && fullWindows.get(rememberedAs(apiKey, kind)) === Math.floor(now / 1000);

/**
 * Takes a counted request back (its credentials turned out wrong), so nobody who knows an API key
 * id — ids are not secret — can spend the key's rate with bad tokens. One UpdateItem.
 */
export async function uncountRequest(apiKey: string, kind: RateKind, verdict: RateVerdict): Promise<void> {
  if (verdict.admitted) await uncount(apiKey, kind, verdict.window);
}

/**
 * RESOURCE_EXHAUSTED for an HTTP request over its API key's rate; `Retry-After: 1`, as the window
 * that refused it ends within the second.
 */
export const overRate = () =>
  resourceExhausted(
    `This API key made more than ${rateLimitOf('http')} requests this second; retry in a second.`,
    1,
  );

/** The API key of connections this instance has seen a frame of, so the next frame's count starts at once. */
const connectionKeys = new Map<string, string>();

/**
 * Counts one realtime frame of a connection against its API key's realtime rate. The key is known
 * once the connection is read; when this instance saw the connection before, the count starts
 * right away, beside that read (no serial round trip more). `admitted(apiKey)` resolves false for a
 * frame over the rate.
 */
export function countFrame(connectionId: string): { admitted(apiKey: string): Promise<boolean> } {
  const known = connectionKeys.get(connectionId);
  const early = known === undefined ? undefined : countRequest(known, 'realtime');
  early?.catch(() => undefined);
  return {
    async admitted(apiKey) {
      if (known !== apiKey) {
        if (connectionKeys.size >= maxRemembered) connectionKeys.clear();
        connectionKeys.set(connectionId, apiKey);
      }
      const verdict = await (known === apiKey && early ? early : countRequest(apiKey, 'realtime'));
      return verdict?.admitted ?? true;
    },
  };
}
