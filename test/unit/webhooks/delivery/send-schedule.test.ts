import fc from 'fast-check';
import {
  bucketMs,
  planSends,
  type SendLog,
  windowMs,
} from '../../../../shared/webhooks/delivery/send-schedule';
import { busiestSpan } from '../../../support/rates';

interface Booking {
  at: number;
  count: number;
  /** How many of this booking's sends are missed (given back with the next booking). */
  missed: number;
}

/** Runs bookings in order against one endpoint's log, as its conditional writes serialise them. */
function book(bookings: readonly Booking[], rateLimit: number, horizonMs = 2000) {
  let log: SendLog = { buckets: new Map() };
  const sent: number[] = [];
  let released: number[] = [];
  for (const booking of bookings) {
    const plan = planSends(log, rateLimit, booking.count, booking.at, booking.at + horizonMs, released);
    log = plan.log;
    released = plan.times.slice(0, booking.missed);
    sent.push(...plan.times.slice(booking.missed));
  }
  return sent;
}

const start = 1_700_000_000_000;

describe('planSends', () => {
  it('never lets more than rateLimit sends into any window of windowMs, missed sends given back or not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 700 }),
            count: fc.integer({ min: 1, max: 30 }),
            missed: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        (rateLimit, steps) => {
          let at = start;
          const bookings = steps.map((step) => {
            at += step.gap;
            return { at, count: step.count, missed: step.missed };
          });
          // Float spacing (1000 / rateLimit) may sum a hair short of the window: a nanosecond of slack.
          expect(busiestSpan(book(bookings, rateLimit), windowMs - 1e-6)).toBeLessThanOrEqual(rateLimit);
        },
      ),
    );
  });

  it('plans in order, at least 1000 / rateLimit apart', () => {
    const times = book([{ at: start, count: 50, missed: 0 }], 20, 5000);
    expect(times[0]).toBe(start);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] as number) - (times[index - 1] as number)).toBeGreaterThanOrEqual(50 - 1e-9);
    }
  });

  it('keeps a backlog at ≥ 90 % of the rate', () => {
    const times = book(
      Array.from({ length: 200 }, (_, index) => ({ at: start + index * 100, count: 10, missed: 0 })),
      20,
    ).slice(0, 200);
    const perSecond = (times.length - 1) / (((times.at(-1) as number) - start) / 1000);
    expect(perSecond).toBeGreaterThanOrEqual(18);
    expect(perSecond).toBeLessThanOrEqual(20);
  });

  it('plans nothing past the horizon and says when the next send could go', () => {
    const full = planSends({ buckets: new Map() }, 5, 5, start, start + 2000);
    expect(full.times).toHaveLength(5);
    const next = planSends(full.log, 5, 3, start + 10, start + 10 + 500);
    expect(next.times).toEqual([]);
    expect(next.nextFree).toBe(start + bucketMs(5) + windowMs);
  });

  it('gives a missed send’s place back: the window lets the next send in sooner', () => {
    const full = planSends({ buckets: new Map() }, 5, 5, start, start + 2000);
    const without = planSends(full.log, 5, 1, start + 900, start + 3000);
    const released = planSends(full.log, 5, 1, start + 900, start + 3000, [full.times[0] as number]);
    expect(released.times[0]).toBeLessThan(without.times[0] as number);
  });

  it('keeps the log small: buckets that can no longer count are dropped', () => {
    const first = planSends({ buckets: new Map() }, 1000, 500, start, start + 2000);
    const later = planSends(first.log, 1000, 1, start + 5000, start + 7000);
    expect([...later.log.buckets.keys()]).toEqual([start + 5000]);
  });
});
