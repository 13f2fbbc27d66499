import { parseEnvironment } from '../../../../shared/config/env';
import { parseRetryAfter, retryDelaySeconds } from '../../../../shared/webhooks/delivery/retry-policy';

/** The policy a deployment runs with: the environment's defaults (only the required variables set). */
const configured = parseEnvironment({ TABLE_NAME: 'policy-test', DATA_KEY: 'k'.repeat(32) }).data!;
const policy = {
  schedule: configured.WEBHOOK_RETRY_SCHEDULE,
  minBackoffSeconds: configured.WEBHOOK_MIN_BACKOFF_SECONDS,
};
/** Addendum §8: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the first attempt. */
const addendumSchedule = [5, 300, 1800, 7200, 18000, 36000, 36000];
const failure = (attempt: number, extra: Record<string, unknown> = {}) => ({
  attempt,
  outcome: 'failure' as const,
  statusCode: 500,
  ...extra,
});

describe('retryDelaySeconds', () => {
  it('follows the addendum schedule with ±20 % jitter, then stops after the seventh retry', () => {
    expect(policy.schedule).toEqual(addendumSchedule);
    expect(
      policy.schedule.map((_, index) => retryDelaySeconds(policy, failure(index + 1), () => 0.5)),
    ).toEqual(addendumSchedule);
    expect(retryDelaySeconds(policy, failure(2), () => 0)).toBeCloseTo(240);
    expect(retryDelaySeconds(policy, failure(2), () => 1)).toBeCloseTo(360);
    expect(retryDelaySeconds(policy, failure(8))).toBeUndefined();
  });

  it('waits at least 60 s after a 429 or a timeout, and honours Retry-After', () => {
    expect(retryDelaySeconds(policy, failure(1, { statusCode: 429 }), () => 0.5)).toBe(60);
    expect(retryDelaySeconds(policy, failure(1, { outcome: 'timeout', statusCode: null }), () => 0.5)).toBe(
      60,
    );
    expect(retryDelaySeconds(policy, failure(1, { retryAfterSeconds: 120 }), () => 0.5)).toBe(120);
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(61_000).toUTCString(), 1_000)).toBe(60);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
