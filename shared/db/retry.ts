import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How a write that can lose to a concurrent write is retried, as data: how many attempts in all,
 * the pause before each retry, and which thrown errors mean "lost to a concurrent write, try again"
 * (any other error ends the attempts at once). One helper runs every such loop of the data layer
 * and the services (optimistic version checks, transaction conflicts, conditional inserts), so
 * limits and back-offs are read in one place per caller instead of re-implemented per loop.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included (at least 1). */
  readonly attempts: number;
  /**
   * Full-jitter exponential back-off: before retry `n` (1 for the second attempt) a random pause in
   * [0, min(capMs, baseMs · 2^(n-1))). Absent: retries follow at once (a re-read already separates
   * them from the write they lost to).
   */
  readonly backoff?: { readonly baseMs: number; readonly capMs: number };
  /** Whether an error an attempt threw is a lost race worth another attempt; absent: none is. */
  readonly retryable?: (error: unknown) => boolean;
}

/** What an attempt returns when it lost to a concurrent write without throwing (a refused version check). */
export const conflict: unique symbol = Symbol('conflict');

/** The pause before retry `retry` (1-based) under `policy`, in ms; 0 without back-off. */
export function backoffMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  if (!policy.backoff) return 0;
  const { baseMs, capMs } = policy.backoff;
  return random() * Math.min(capMs, baseMs * 2 ** (retry - 1));
}

/**
 * Runs `attempt` (given its 0-based index) until it returns something other than `conflict`, at
 * most `policy.attempts` times, pausing between attempts as the policy says. An error the policy
 * deems retryable counts as a conflict; any other error is rethrown at once. When every attempt lost,
 * returns what `exhausted` returns (given the last attempt's retryable error, if it threw) — usually
 * it throws ABORTED, or the caller's own "gave up" value.
 */
export async function retryOnConflict<T>(
  policy: RetryPolicy,
  attempt: (index: number) => Promise<T | typeof conflict>,
  exhausted: (lastError: unknown) => T,
): Promise<T> {
  let lastError: unknown;
  for (let index = 0; index < policy.attempts; index += 1) {
    if (index > 0) {
      const pause = backoffMs(policy, index);
      if (pause > 0) await sleep(pause);
    }
    try {
      const outcome = await attempt(index);
      if (outcome !== conflict) return outcome;
      lastError = undefined;
    } catch (error) {
      if (!policy.retryable?.(error)) throw error;
      lastError = error;
    }
  }
  return exhausted(lastError);
}

/**
 * The usual policy of an optimistic update that re-reads the item it lost a version check on:
 * 5 attempts in all, retried at once (the re-read is the pause).
 */
export const rereadRetry: RetryPolicy = { attempts: 5 };
