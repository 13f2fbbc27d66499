/**
 * The rate limit's plan of sends, as pure functions over an endpoint's send log.
 *
 * The log counts planned sends per bucket of `bucketMs(rateLimit)` (bucket start → count) and keeps the latest
 * planned time. A send is planned for a time `t` only when fewer than `rateLimit` logged sends could
 * fall within `windowMs` before it (a sliding window: fixed per-second buckets let twice the limit
 * through across a boundary), and at least `1000 / rateLimit` ms after the previous plan (so a
 * backlog leaves evenly, not in bursts whose CPU time would spread them on the way out). Every send
 * goes out within `sendToleranceMs` after its planned time or not at all, and `windowMs` covers that
 * lateness plus jitter on the way to the receiver, so no one-second window at the receiver holds more
 * than `rateLimit`. A send whose worker woke too late gives its place back (`releaseSend`): the window
 * then lets the following sends catch up at the minimum spacing, so a loaded worker that misses
 * some plans keeps the endpoint's rate.
 */

/**
 * Resolution of the send log: planned times are counted per bucket of this many ms. Fine for low
 * limits (a bucket's width is lost capacity: the window counts it whole), coarser for high ones so
 * the log stays at most a few hundred entries whatever the limit.
 */
export const bucketMs = (rateLimit: number) => Math.min(10, Math.max(1, Math.floor(rateLimit / 10)));

/** A planned send goes out at most this late; a later one is not sent and gives its place back. */
export const sendToleranceMs = 40;

/** Margin for what happens between the send and the receiver's clock (network, event loop). */
const jitterMarginMs = 30;

/** The span whose planned sends are counted: a one-second window plus lateness and jitter. */
export const windowMs = 1000 + sendToleranceMs + jitterMarginMs;

/** An endpoint's send log. */
export interface SendLog {
  /** Bucket start (epoch ms, a multiple of `bucketMs`) → sends planned in it. */
  readonly buckets: ReadonlyMap<number, number>;
  /** The latest planned send (epoch ms), if any. */
  readonly lastSendAt?: number;
}

const bucketOf = (time: number, width: number) => Math.floor(time / width) * width;

/** Whether a bucket's sends still count at time `t` (conservatively: anywhere in the bucket). */
const countsAt = (bucketStart: number, width: number, t: number) => bucketStart + width + windowMs > t;

/** The earliest time ≥ `from` at which one more send fits the window, given the sorted buckets. */
function earliestFit(buckets: readonly [number, number][], rateLimit: number, from: number): number {
  const width = bucketMs(rateLimit);
  const counting = buckets.filter(([bucket]) => countsAt(bucket, width, from));
  let toDrop = counting.reduce((sum, [, count]) => sum + count, 0) - (rateLimit - 1);
  if (toDrop <= 0) return from;
  for (const [bucket, count] of counting) {
    toDrop -= count;
    // Once this bucket leaves the window (and every older one with it), one more send fits.
    if (toDrop <= 0) return bucket + width + windowMs;
  }
  return from;
}

export interface SendPlan {
  /** Planned send times, one per granted request, in order (fewer than asked when the horizon ends). */
  times: number[];
  /** The log with the granted sends added and buckets that can no longer count removed. */
  log: SendLog;
  /** The earliest time the next send could have (past the horizon when not every request got one). */
  nextFree: number;
}

/**
 * Plans up to `count` sends, none before `earliest`, none after `horizon`, after first giving back
 * the places of `released` sends (planned times that were not sent). Pure: the caller stores the
 * returned log with a condition on the version it read.
 */
export function planSends(
  log: SendLog,
  rateLimit: number,
  count: number,
  earliest: number,
  horizon: number,
  released: readonly number[] = [],
): SendPlan {
  const width = bucketMs(rateLimit);
  const buckets = new Map([...log.buckets].filter(([bucket]) => countsAt(bucket, width, earliest)));
  for (const at of released) {
    const left = (buckets.get(bucketOf(at, width)) ?? 0) - 1;
    if (left > 0) buckets.set(bucketOf(at, width), left);
    else buckets.delete(bucketOf(at, width));
  }
  const spacing = 1000 / rateLimit;
  const times: number[] = [];
  let last = log.lastSendAt;
  let next = earliest;
  while (times.length < count) {
    const sorted = [...buckets].sort(([a], [b]) => a - b);
    next = earliestFit(sorted, rateLimit, Math.max(earliest, last === undefined ? earliest : last + spacing));
    if (next > horizon) break;
    times.push(next);
    buckets.set(bucketOf(next, width), (buckets.get(bucketOf(next, width)) ?? 0) + 1);
    last = next;
  }
  return { times, log: { buckets, ...(last !== undefined && { lastSendAt: last }) }, nextFree: next };
}
