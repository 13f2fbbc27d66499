import { nowMs } from '../../core/clock';
import type { AttemptOutcome } from '../message-schemas';

/** A receiver's `Retry-After` is honoured up to a day; beyond that it is not a retry hint but a stop. */
const maxRetryAfterSeconds = 24 * 60 * 60;

/** Jitter spreads retries of many messages that failed together (addendum §8: ±20 %). */
const jitter = 0.2;

export interface RetryPolicy {
  /** Seconds before each retry, after the first attempt (addendum §8: 5 s … 10 h). */
  schedule: readonly number[];
  /** Least wait after a 429 or a timeout, in seconds. */
  minBackoffSeconds: number;
}

export interface FailedAttempt {
  /** The attempt that failed, counted from the first attempt (or from the last replay): 1, 2, ... */
  attempt: number;
  outcome: AttemptOutcome;
  statusCode: number | null;
  /** The receiver's `Retry-After`, in seconds, when it sent one. */
  retryAfterSeconds?: number;
}

/**
 * Seconds to wait before retrying a failed attempt, or undefined when the schedule is exhausted
 * (the message is dead-lettered). `random` is injectable so tests pin the jitter.
 */
export function retryDelaySeconds(
  policy: RetryPolicy,
  failed: FailedAttempt,
  random: () => number = Math.random,
): number | undefined {
  const base = policy.schedule[failed.attempt - 1];
  if (base === undefined) return undefined;
  let delay = base * (1 - jitter + 2 * jitter * random());
  if (failed.outcome === 'timeout' || failed.statusCode === 429)
    delay = Math.max(delay, policy.minBackoffSeconds);
  if (failed.retryAfterSeconds !== undefined) {
    delay = Math.max(delay, Math.min(failed.retryAfterSeconds, maxRetryAfterSeconds));
  }
  return delay;
}

/** Parses `Retry-After` (delay seconds or an HTTP date) into seconds from `now`; undefined if absent or invalid. */
export function parseRetryAfter(header: string | undefined, now = nowMs()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}
