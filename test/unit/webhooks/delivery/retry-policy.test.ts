import { envSchema } from '../../../../shared/config/env';
import { isPublicAddress } from '../../../../shared/security/outbound-http';
import { parseRetryAfter, retryDelaySeconds } from '../../../../shared/webhooks/delivery/retry-policy';
import { endpointWants, eventChannels } from '../../../../shared/webhooks/targets';

/** The policy a deployment runs with: the environment's defaults (only the required variables set). */
const configured = envSchema.parse({ TABLE_NAME: 'policy-test', DATA_KEY: 'k'.repeat(32) });
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

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('endpointWants', () => {
  const event = { event: 'comment.add', organizationId: 'o1', documentId: 'd1' };
  const endpoint = { disabled: false, filterTypes: null, channels: null };

  it('takes every event without filters, nothing when disabled', () => {
    expect(endpointWants(endpoint, event)).toBe(true);
    expect(endpointWants({ ...endpoint, disabled: true }, event)).toBe(false);
  });

  it('matches filterTypes and Svix channels (any shared channel; none on the message → no match)', () => {
    expect(eventChannels(event)).toEqual(['org.o1', 'doc.d1']);
    expect(endpointWants({ ...endpoint, filterTypes: ['comment.update'] }, event)).toBe(false);
    expect(endpointWants({ ...endpoint, channels: ['doc.d1', 'doc.x'] }, event)).toBe(true);
    expect(endpointWants({ ...endpoint, channels: ['org.o2'] }, event)).toBe(false);
    expect(endpointWants({ ...endpoint, channels: ['org.o1'] }, { event: 'comment.add' })).toBe(false);
  });
});
