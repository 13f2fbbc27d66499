import fc from 'fast-check';
import {
  bucketMs,
  crossWindowMs,
  decideTurn,
  jitterMarginMs,
  type OwnPlans,
  ownSendCountsUntil,
  planSends,
  type SendLog,
  sendToleranceMs,
} from '../../../../shared/webhooks/delivery/send-schedule';
import { busiestSpan } from '../../../support/rates';

const start = 1_700_000_000_000;
const noSends = { countingUntil: [], unwritten: 0 };

interface Booking {
  /** When the booking is written (bookings run in this order, as conditional writes serialise them). */
  at: number;
  /** Which consumer process books. */
  process: number;
  count: number;
  /** How late the process wakes for each planned send (ms; cycled over every send the run plans). */
  lateness: number[];
  /** How long each request takes from being written to the receiver's clock, as a share of `jitterMarginMs`. */
  jitter: number[];
  /** When each request's answer begins, in ms after it reached the receiver (undefined: never). */
  answer: (number | undefined)[];
}

/** A request this process wrote: when, and when its answer began (if it did). */
interface Written {
  at: number;
  answeredAt: number | undefined;
}

interface Turn {
  at: number;
  late: number;
  jitter: number;
  answer: number | undefined;
}

/** Until when each written request counts at `now`, by what the process knows then. */
const countingAt = (written: readonly Written[], now: number) =>
  written
    .map(({ at, answeredAt }) =>
      ownSendCountsUntil(at, answeredAt !== undefined && answeredAt <= now ? answeredAt : undefined),
    )
    .filter((until) => until > now);

interface Process {
  known: SendLog;
  own: OwnPlans;
  written: Written[];
  released: number[];
  /** Planned sends not yet decided, in order, each with how late the process wakes for it. */
  turns: Turn[];
  /** When the process is next free (it handles its turns in order). */
  busyUntil: number;
}

/**
 * Runs consumer processes against one endpoint's log: each booking plans sends with what its process
 * knows (the log as of its last write), then the process handles its turns in order with
 * `decideTurn`, waking `late` ms after each plan (and again after a closed gate). Returns the arrival
 * times at a receiver, each `jitterMarginMs` or less after its request was written; an answer, if
 * any, begins at or after the arrival, and the process knows of it from then on.
 */
function simulate(bookings: readonly Booking[], rateLimit: number) {
  let table: SendLog = { buckets: new Map() };
  const processes = new Map<number, Process>();
  const arrivals: number[] = [];
  let missed = 0;
  let planned = 0;
  /** Lets process `p` handle its turns due before `until` (its next booking, or the end). */
  const run = (p: Process, until: number) => {
    while (p.turns.length > 0) {
      const turn = p.turns[0] as Turn;
      let now = Math.max(p.busyUntil, turn.at + turn.late);
      if (now >= until) return;
      for (;;) {
        const decision = decideTurn(
          p.known,
          p.own,
          { countingUntil: countingAt(p.written, now), unwritten: 0 },
          rateLimit,
          turn.at,
          now,
        );
        if ('waitUntil' in decision) {
          now = decision.waitUntil + turn.late;
          if (now >= until) return;
          continue;
        }
        p.turns.shift();
        if ('missed' in decision) {
          p.released.push(turn.at);
          missed += 1;
        } else {
          const arrival = now + jitterMarginMs * turn.jitter;
          arrivals.push(arrival);
          p.written.push({
            at: now,
            answeredAt: turn.answer === undefined ? undefined : arrival + turn.answer,
          });
        }
        p.busyUntil = now;
        break;
      }
    }
  };
  for (const booking of bookings) {
    for (const p of processes.values()) run(p, booking.at);
    const p: Process = processes.get(booking.process) ?? {
      known: table,
      own: new Map(),
      written: [],
      released: [],
      turns: [],
      busyUntil: 0,
    };
    processes.set(booking.process, p);
    const plan = planSends(table, p.own, rateLimit, booking.count, booking.at, booking.at + 2000, p.released);
    table = plan.log;
    p.known = plan.log;
    p.own = plan.own;
    p.released = [];
    p.turns.push(
      ...plan.times.map((at) => {
        const index = planned++;
        const late = booking.lateness[index % booking.lateness.length] as number;
        return {
          at,
          late,
          jitter: booking.jitter[index % booking.jitter.length] as number,
          answer: booking.answer[index % booking.answer.length],
        };
      }),
    );
  }
  for (const p of processes.values()) run(p, Number.POSITIVE_INFINITY);
  return { arrivals, missed };
}

const bookingsOf = (steps: readonly (Omit<Booking, 'at'> & { gap: number })[]) => {
  let at = start;
  return steps.map(({ gap, ...step }) => {
    at += gap;
    return { at, ...step };
  });
};

describe('the send schedule and its gate', () => {
  it('never lets more than rateLimit deliveries into any second at the receiver, whatever the lateness', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 60 })),
        fc.array(
          fc.record({
            gap: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 1200 })),
            process: fc.integer({ min: 0, max: 2 }),
            count: fc.integer({ min: 1, max: 20 }),
            lateness: fc.array(
              fc.oneof(
                fc.constantFrom(0, sendToleranceMs),
                fc.integer({ min: 0, max: 2 * sendToleranceMs }),
                fc.integer({ min: 0, max: 1500 }),
              ),
              { minLength: 1, maxLength: 5 },
            ),
            jitter: fc.array(fc.oneof(fc.constantFrom(0, 1), fc.double({ min: 0, max: 1, noNaN: true })), {
              minLength: 1,
              maxLength: 5,
            }),
            answer: fc.array(
              fc.oneof(fc.constant(undefined), fc.constantFrom(0, 1), fc.integer({ min: 0, max: 2000 })),
              { minLength: 1, maxLength: 5 },
            ),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        (rateLimit, steps) => {
          const { arrivals } = simulate(bookingsOf(steps), rateLimit);
          expect(busiestSpan(arrivals)).toBeLessThanOrEqual(rateLimit);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps a backlog of one process woken late, as a 30 % CPU share does, at ≥ 90 % of the rate', () => {
    // Stopped 70 ms of every 100: a wake falls in a stop 70 % of the time and comes at its end; and
    // now and then the process stalls for longer (a busy event loop, a collection).
    const lateness = Array.from({ length: 100 }, (_, index) =>
      index % 23 === 0 ? 600 : (index * 37) % 100 < 70 ? (index * 53) % 70 : 0,
    );
    // Twenty attempts in flight (four pollers of five), five more each time a batch is done.
    const steps = Array.from({ length: 60 }, (_, index) => ({
      gap: 500,
      process: 0,
      count: index === 0 ? 20 : 5,
      lateness,
      jitter: [0.5],
      answer: [2],
    }));
    const { arrivals } = simulate(bookingsOf(steps), 10);
    const sorted = [...arrivals].sort((a, b) => a - b);
    const perSecond = (sorted.length - 1) / (((sorted.at(-1) as number) - (sorted[0] as number)) / 1000);
    expect(perSecond).toBeGreaterThanOrEqual(9);
    expect(busiestSpan(arrivals)).toBeLessThanOrEqual(10);
  });

  it('gives a late send’s place back when another process planned a send that could share its window', () => {
    const mine = planSends({ buckets: new Map() }, new Map(), 5, 1, start, start + 2000);
    const theirs = planSends(mine.log, new Map(), 5, 1, start + 10, start + 2010);
    const late = start + sendToleranceMs + 1;
    expect(decideTurn(theirs.log, mine.own, noSends, 5, start, late)).toEqual({ missed: true });
    // Alone in the log it goes, once its own plans reach a window past it (none can be added before).
    expect(decideTurn(mine.log, mine.own, noSends, 5, start, late)).toEqual({ missed: true });
    const ahead = planSends({ buckets: new Map() }, new Map(), 5, 12, start, start + 3000);
    expect(decideTurn(ahead.log, ahead.own, noSends, 5, start, start + 1000)).toEqual({ go: true });
  });

  it('counts another process’s plans for crossWindowMs, its own written requests for 1 s plus jitter', () => {
    const theirs = planSends({ buckets: new Map() }, new Map(), 2, 2, start, start + 2000);
    const mine = planSends(theirs.log, new Map(), 2, 1, start + 600, start + 3000);
    const [at] = mine.times as [number];
    expect(at).toBe(start + bucketMs(2) + crossWindowMs);
    expect(decideTurn(mine.log, mine.own, noSends, 2, at, at)).toEqual({ go: true });
    const written = { countingUntil: [ownSendCountsUntil(at - 1000)], unwritten: 0 };
    expect(decideTurn(mine.log, mine.own, written, 2, at, at)).toEqual({ waitUntil: at + jitterMarginMs });
    expect(decideTurn(mine.log, mine.own, { countingUntil: [], unwritten: 2 }, 2, at, at)).toEqual({
      waitUntil: Number.POSITIVE_INFINITY,
    });
  });

  it('counts an own request until 1 s after its answer began, or by its write until it has', () => {
    expect(ownSendCountsUntil(start)).toBe(start + 1000 + jitterMarginMs);
    expect(ownSendCountsUntil(start, start + 4)).toBe(start + 1004);
    // A slow answer: the receiver may have taken the request later than the jitter margin allows.
    expect(ownSendCountsUntil(start, start + 500)).toBe(start + 1500);
    // An answer that began before the request was all written: the receiver may not have it yet.
    expect(ownSendCountsUntil(start, start - 1)).toBe(start + 1000 + jitterMarginMs);
  });

  it('plans in order, at least 1000 / rateLimit apart', () => {
    const { times } = planSends({ buckets: new Map() }, new Map(), 20, 50, start, start + 5000);
    expect(times[0]).toBe(start);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] as number) - (times[index - 1] as number)).toBeGreaterThanOrEqual(50 - 1e-9);
    }
  });

  it('plans nothing past the horizon and says when the next send could go', () => {
    const full = planSends({ buckets: new Map() }, new Map(), 5, 5, start, start + 2000);
    expect(full.times).toHaveLength(5);
    const next = planSends(full.log, new Map(), 5, 3, start + 10, start + 10 + 500);
    expect(next.times).toEqual([]);
    expect(next.nextFree).toBe(start + bucketMs(5) + crossWindowMs);
  });

  it('gives a missed send’s place back: the window lets the next send in sooner', () => {
    const full = planSends({ buckets: new Map() }, new Map(), 5, 5, start, start + 2000);
    const without = planSends(full.log, full.own, 5, 1, start + 900, start + 3000);
    const released = planSends(full.log, full.own, 5, 1, start + 900, start + 3000, [
      full.times[0] as number,
    ]);
    expect(released.times[0]).toBeLessThan(without.times[0] as number);
  });

  it('keeps the log small: buckets that can no longer count are dropped', () => {
    const first = planSends({ buckets: new Map() }, new Map(), 1000, 500, start, start + 2000);
    const later = planSends(first.log, first.own, 1000, 1, start + 5000, start + 7000);
    expect([...later.log.buckets.keys()]).toEqual([start + 5000]);
    expect([...later.own.keys()]).toEqual([start + 5000]);
  });
});
