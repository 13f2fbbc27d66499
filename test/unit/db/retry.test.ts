import { backoffMs, conflict, type RetryPolicy, retryOnConflict } from '../../../shared/db/retry';

class LostRace extends Error {}

const giveUp = (): never => {
  throw new Error('gave up');
};

describe('retryOnConflict', () => {
  it('returns the first attempt that does not lose, after as many attempts as it took', async () => {
    const seen: number[] = [];
    const result = await retryOnConflict(
      { attempts: 5 },
      async (index) => {
        seen.push(index);
        return index < 2 ? conflict : `won at ${index}`;
      },
      giveUp,
    );
    expect(result).toBe('won at 2');
    expect(seen).toEqual([0, 1, 2]);
  });

  it('makes exactly `attempts` attempts, then answers what `exhausted` answers', async () => {
    let calls = 0;
    const result = await retryOnConflict(
      { attempts: 3 },
      async () => {
        calls += 1;
        return conflict;
      },
      () => 'full',
    );
    expect(result).toBe('full');
    expect(calls).toBe(3);
  });

  it('retries an error the policy deems retryable and hands the last one to `exhausted`', async () => {
    const policy: RetryPolicy = { attempts: 2, retryable: (error) => error instanceof LostRace };
    let calls = 0;
    const last = new LostRace('second');
    await expect(
      retryOnConflict(
        policy,
        async () => {
          calls += 1;
          throw calls === 1 ? new LostRace('first') : last;
        },
        (error) => {
          throw error;
        },
      ),
    ).rejects.toBe(last);
    expect(calls).toBe(2);
  });

  it('rethrows any other error at once, without another attempt', async () => {
    const policy: RetryPolicy = { attempts: 5, retryable: (error) => error instanceof LostRace };
    let calls = 0;
    await expect(
      retryOnConflict(
        policy,
        async () => {
          calls += 1;
          throw new TypeError('broken');
        },
        giveUp,
      ),
    ).rejects.toThrow('broken');
    expect(calls).toBe(1);
  });

  it('treats every error as final when the policy names no retryable errors', async () => {
    let calls = 0;
    await expect(
      retryOnConflict(
        { attempts: 5 },
        async () => {
          calls += 1;
          throw new LostRace('lost');
        },
        giveUp,
      ),
    ).rejects.toThrow('lost');
    expect(calls).toBe(1);
  });
});

describe('backoffMs', () => {
  const policy: RetryPolicy = { attempts: 9, backoff: { baseMs: 10, capMs: 250 } };

  it('doubles the ceiling with each retry from baseMs, up to capMs', () => {
    const ceiling = (retry: number) => backoffMs(policy, retry, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7].map(ceiling)).toEqual([10, 20, 40, 80, 160, 250, 250]);
  });

  it('draws a random pause below the ceiling (full jitter)', () => {
    expect(backoffMs(policy, 3, () => 0.5)).toBe(20);
    expect(backoffMs(policy, 3, () => 0)).toBe(0);
  });

  it('is 0 without back-off', () => {
    expect(backoffMs({ attempts: 5 }, 4, () => 1)).toBe(0);
  });
});
