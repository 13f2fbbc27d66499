/**
 * The rate limit's plan of sends and its gate, as pure functions over an endpoint's send log.
 *
 * The log (one item per endpoint, shared by every consumer process) counts planned sends per bucket
 * of `bucketMs(rateLimit)` and keeps the latest planned time. Plans only ever go after the latest
 * one (at least `1000 / rateLimit` ms after it, so a backlog leaves evenly), so a process that read
 * the log knows every send planned before its own latest plan.
 *
 * Each process tells its own sends from the others' (`own`): it knows when its own requests were
 * really written and answered, the others' only by plan. So a send is let through (`gateOpensAt`)
 * only when fewer than `rateLimit` sends could share a one-second window with it at the receiver:
 * - this process's own sends, each within `1000 + jitter` ms of when its request was written, or
 *   1000 ms of when its answer began if sooner (the receiver had the request before it answered:
 *   `ownSendCountsUntil`);
 * - other processes' plans before its own, within `crossWindowMs`: a send goes out at most
 *   `sendToleranceMs` after its plan, so it reaches the receiver at most that plus jitter later.
 * Nothing else can share the window: a later plan is gated by its own process the same way, and a
 * process lets its own sends through in the order of their plans.
 *
 * A worker that wakes late (its process was descheduled) therefore still sends within
 * `sendToleranceMs`; what a late send puts closer to the next ones is counted by the gate from the
 * real times, not from the plan. A send later than that still goes when every plan that could share
 * a window with it is this process's own (`lateSendFits`): a stopped process that resumes keeps its
 * slots, and the gate spreads what it sends. Otherwise the send gives its place back. Plans follow
 * the same windows, with `catchUpMs` more for the process's own sends so that a late send's
 * followers get back on plan.
 */

/**
 * Resolution of the send log: planned times are counted per bucket of this many ms. Fine for low
 * limits (a bucket's width is lost capacity: the window counts it whole), coarser for high ones so
 * the log stays at most a few hundred entries whatever the limit.
 */
export const bucketMs = (rateLimit: number) => Math.min(10, Math.max(1, Math.floor(rateLimit / 10)));

/**
 * A planned send goes out at most this late, unless no other process planned a send that could
 * share a window with it (`lateSendFits`); otherwise it gives its place back. Covers a worker
 * descheduled for tens of ms, as Lambda's small CPU shares do all the time (decisions §67).
 */
export const sendToleranceMs = 100;

/** Margin for what happens between writing a request and the receiver's clock (network, event loop). */
export const jitterMarginMs = 30;

/** Span after a written request in which it may share a one-second window at the receiver. */
export const ownWindowMs = 1000 + jitterMarginMs;

/**
 * Until when one of this process's requests may share a one-second window at the receiver: 1 s
 * after its answer began, once it has (the receiver got the request before answering it, whatever
 * the network did: certain, even when the receiver was slow); until then 1 s plus jitter after it
 * was written (the jitter margin is an assumption). An answer that began before the request was
 * all written (a receiver answering early) bounds nothing.
 */
export function ownSendCountsUntil(writtenAt: number, answeredAt?: number): number {
  return answeredAt === undefined || answeredAt < writtenAt ? writtenAt + ownWindowMs : answeredAt + 1000;
}

/** Span after another process's plan in which its send may share a one-second window at the receiver. */
export const crossWindowMs = 1000 + sendToleranceMs + jitterMarginMs;

/** What own plans leave beyond `ownWindowMs`: a late send's followers catch up by this much each. */
const catchUpMs = 20;

/** An endpoint's send log. */
export interface SendLog {
  /** Bucket start (epoch ms, a multiple of `bucketMs`) → sends planned in it. */
  readonly buckets: ReadonlyMap<number, number>;
  /** The latest planned send (epoch ms), if any. */
  readonly lastSendAt?: number;
}

/** What this process planned in the log (bucket start → count); the rest is other processes'. */
export type OwnPlans = ReadonlyMap<number, number>;

/**
 * This process's sends let through its gate: until when each written request counts
 * (`ownSendCountsUntil`), and how many are not written yet (they count until they are).
 */
export interface OwnSends {
  readonly countingUntil: readonly number[];
  readonly unwritten: number;
}

/** Sends that count until `until` (epoch ms; Infinity: until further notice). */
type Counted = readonly [until: number, count: number];

const bucketOf = (time: number, width: number) => Math.floor(time / width) * width;

/** The earliest time ≥ `from` at which fewer than `limit` of the counted sends still count. */
function earliestBelow(counted: readonly Counted[], limit: number, from: number): number {
  const counting = counted.filter(([until, count]) => until > from && count > 0).sort(([a], [b]) => a - b);
  let toDrop = counting.reduce((sum, [, count]) => sum + count, 0) - (limit - 1);
  if (toDrop <= 0) return from;
  for (const [until, count] of counting) {
    toDrop -= count;
    if (toDrop <= 0) return until;
  }
  return from;
}

/** The log's sends of other processes per bucket (the log less this process's own plans). */
function othersPlans(log: SendLog, own: OwnPlans): [number, number][] {
  return [...log.buckets].map(([bucket, count]) => [bucket, Math.max(0, count - (own.get(bucket) ?? 0))]);
}

export interface SendPlan {
  /** Planned send times, one per granted request, in order (fewer than asked when the horizon ends). */
  times: number[];
  /** The log with the granted sends added and buckets that can no longer count removed. */
  log: SendLog;
  /** This process's plans, the granted ones added. */
  own: OwnPlans;
  /** The earliest time the next send could have (past the horizon when not every request got one). */
  nextFree: number;
}

/** Adds `delta` to a bucket's count, dropping it at zero. */
function adjust(buckets: Map<number, number>, bucket: number, delta: number) {
  const count = (buckets.get(bucket) ?? 0) + delta;
  if (count > 0) buckets.set(bucket, count);
  else buckets.delete(bucket);
}

/**
 * Plans up to `count` sends of this process, none before `earliest`, none after `horizon`, after
 * first giving back the places of its `released` sends (planned times that were not sent). Pure:
 * the caller stores the returned log with a condition on the version it read.
 */
export function planSends(
  log: SendLog,
  own: OwnPlans,
  rateLimit: number,
  count: number,
  earliest: number,
  horizon: number,
  released: readonly number[] = [],
): SendPlan {
  const width = bucketMs(rateLimit);
  const current = ([bucket]: [number, number]) => bucket + width + crossWindowMs > earliest;
  const buckets = new Map([...log.buckets].filter(current));
  const mine = new Map([...own].filter(current));
  for (const at of released) {
    adjust(buckets, bucketOf(at, width), -1);
    adjust(mine, bucketOf(at, width), -1);
  }
  const spacing = 1000 / rateLimit;
  const times: number[] = [];
  let last = log.lastSendAt;
  let next = earliest;
  while (times.length < count) {
    const counted: Counted[] = [
      ...othersPlans({ buckets }, mine).map(([bucket, n]): Counted => [bucket + width + crossWindowMs, n]),
      ...[...mine].map(([bucket, n]): Counted => [bucket + width + ownWindowMs + catchUpMs, n]),
    ];
    next = earliestBelow(
      counted,
      rateLimit,
      Math.max(earliest, last === undefined ? earliest : last + spacing),
    );
    if (next > horizon) break;
    times.push(next);
    adjust(buckets, bucketOf(next, width), 1);
    adjust(mine, bucketOf(next, width), 1);
    last = next;
  }
  return {
    times,
    log: { buckets, ...(last !== undefined && { lastSendAt: last }) },
    own: mine,
    nextFree: next,
  };
}

/**
 * What counts against the send planned at `plannedAt` in the gate (see the module comment): other
 * processes' plans before it, by plan, and this process's requests, by when they were written and
 * answered (one not yet written counts until it is). `log` is the log as this process last read or wrote it,
 * which holds every plan before its own.
 */
const gateCounts = (
  log: SendLog,
  own: OwnPlans,
  sends: OwnSends,
  width: number,
  plannedAt: number,
): Counted[] => [
  ...othersPlans(log, own)
    .filter(([bucket]) => bucket <= plannedAt)
    .map(([bucket, n]): Counted => [bucket + width + crossWindowMs, n]),
  ...sends.countingUntil.map((until): Counted => [until, 1]),
  [Number.POSITIVE_INFINITY, sends.unwritten],
];

/**
 * Whether this process may still make the send planned at `plannedAt`, later than
 * `sendToleranceMs`, at `at`: only when no other process's plan could share a window with it at the
 * receiver. Such a plan lies after `plannedAt` (other processes count this one as arriving within
 * the tolerance) and before `at + ownWindowMs`; plans written after the log this process knows lie
 * after its `lastSendAt`, so that must reach past the same time.
 */
function lateSendFits(
  log: SendLog,
  own: OwnPlans,
  rateLimit: number,
  plannedAt: number,
  at: number,
): boolean {
  const width = bucketMs(rateLimit);
  const until = at + ownWindowMs;
  if ((log.lastSendAt ?? Number.NEGATIVE_INFINITY) < until) return false;
  return othersPlans(log, own).every(
    ([bucket, n]) => n === 0 || bucket + width <= plannedAt || bucket > until,
  );
}

/** What a planned send does now: go, wait until a time (Infinity: until a request is written), or give its place back. */
export type TurnDecision = { go: true } | { waitUntil: number } | { missed: true };

/**
 * Decides the turn of the send planned at `plannedAt` at `now` (not before it): it goes when the
 * gate is open and it is within `sendToleranceMs` of its plan or `lateSendFits`; it waits while the
 * gate is closed and it could still go; otherwise it is missed.
 */
export function decideTurn(
  log: SendLog,
  own: OwnPlans,
  sends: OwnSends,
  rateLimit: number,
  plannedAt: number,
  now: number,
): TurnDecision {
  const opens = earliestBelow(gateCounts(log, own, sends, bucketMs(rateLimit), plannedAt), rateLimit, now);
  // When it would go (an unwritten request delays it by a moment: checked again once written).
  const goesAt = Number.isFinite(opens) ? opens : now;
  const keepable =
    goesAt <= plannedAt + sendToleranceMs || lateSendFits(log, own, rateLimit, plannedAt, goesAt);
  if (!keepable) return { missed: true };
  return opens > now ? { waitUntil: opens } : { go: true };
}
