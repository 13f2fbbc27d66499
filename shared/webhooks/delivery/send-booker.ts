import { nowMs } from '../../core/clock';
import { type SendLogRecord, writeSendLog } from './endpoint-state';
import { decideTurn, type OwnPlans, ownSendCountsUntil, planSends } from './send-schedule';

/**
 * What the booker is told of a request let through: once it is written (from then its time
 * counts; also when it never will be) and when its answer begins (which may shorten that time).
 * Calls after the first of each do nothing.
 */
export interface SendReceipt {
  written(): void;
  answered(): void;
}

/**
 * A send's turn: `{ go }` when the request may be written now (tell the receipt what follows),
 * `{ missed }` when its plan could not be kept (it is given back with the next booking),
 * `{ retryAt }` when no send fits soon (the caller waits outside, holding nothing).
 */
export type SendTurn = { go: SendReceipt } | { missed: number } | { retryAt: number };

interface Booking {
  rateLimit: number;
  /** A planned send that was not made, whose place is given back with this booking. */
  released?: number;
  resolve: (reservation: { at: number } | { retryAt: number }) => void;
  reject: (error: unknown) => void;
}

interface Turn {
  at: number;
  rateLimit: number;
  resolve: (turn: SendTurn) => void;
}

/**
 * Books and paces the sends of one endpoint for this process (send-schedule.ts has the rules).
 *
 * Booking: requests that arrive while a booking is being written wait and are booked together by
 * the next write, so a batch of attempts at one endpoint costs one conditional write, not one per
 * attempt racing the others. The last log seen is kept, so a booking is one write unless another
 * process wrote meanwhile (its answer carries the log). Planned times lie a little ahead of now
 * (1.5 × the recent write latency), so a send is not already late when its booking returns.
 *
 * Pacing: each planned send waits for its time, then for the gate, in the order of the plans; until
 * when each written request counts (by its write and its answer) is kept as long as it can count.
 */
class EndpointSendBooker {
  private readonly bookings: Booking[] = [];
  private booking = false;
  /** The endpoint's send log as last seen (undefined: none stored, or not read yet). */
  private known: SendLogRecord | undefined;
  private own: OwnPlans = new Map();
  private writeLatencyMs = 20;
  /** Planned sends waiting for their turn, in the order of their plans. */
  private readonly turns: Turn[] = [];
  /** This process's written requests, each with until when it counts. */
  private counting: { writtenAt: number; until: number }[] = [];
  private unwritten = 0;
  private wakeUp: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly apiKey: string,
    private readonly endpointId: string,
  ) {}

  reserve(
    rateLimit: number,
    horizonMs: number,
    released?: number,
  ): Promise<{ at: number } | { retryAt: number }> {
    return new Promise((resolve, reject) => {
      this.bookings.push({ rateLimit, released, resolve, reject });
      void this.drain(horizonMs);
    });
  }

  /** Waits for the turn of the send planned at `at`. */
  turn(at: number, rateLimit: number): Promise<SendTurn> {
    return new Promise((resolve) => {
      const index = this.turns.findIndex((turn) => turn.at > at);
      this.turns.splice(index === -1 ? this.turns.length : index, 0, { at, rateLimit, resolve });
      this.pace();
    });
  }

  /** Lets through every due send the gate opens for, then sleeps until the next can go. */
  private pace() {
    clearTimeout(this.wakeUp);
    this.wakeUp = undefined;
    for (let head = this.turns[0]; head !== undefined; head = this.turns[0]) {
      const now = nowMs();
      if (now < head.at) return this.sleep(head.at - now);
      this.counting = this.counting.filter((send) => send.until > now);
      const sends = { countingUntil: this.counting.map((send) => send.until), unwritten: this.unwritten };
      const log = this.known ?? { buckets: new Map() };
      const decision = decideTurn(log, this.own, sends, head.rateLimit, head.at, now);
      if ('waitUntil' in decision) {
        // Not yet: asleep until the window lets it in, or until an unwritten request is written.
        return Number.isFinite(decision.waitUntil) ? this.sleep(decision.waitUntil - now) : undefined;
      }
      this.turns.shift();
      if ('missed' in decision) {
        head.resolve({ missed: head.at });
      } else {
        this.unwritten += 1;
        head.resolve({ go: this.receipt() });
      }
    }
  }

  private sleep(ms: number) {
    this.wakeUp = setTimeout(() => this.pace(), ms);
  }

  /** The receipt of a request let through (see `SendReceipt`). */
  private receipt(): SendReceipt {
    let send: { writtenAt: number; until: number } | undefined;
    let answeredAt: number | undefined;
    return {
      written: () => {
        if (send) return;
        const writtenAt = nowMs();
        send = { writtenAt, until: ownSendCountsUntil(writtenAt, answeredAt) };
        this.unwritten -= 1;
        this.counting.push(send);
        this.pace();
      },
      answered: () => {
        if (answeredAt !== undefined) return;
        answeredAt = nowMs();
        if (!send) return;
        send.until = ownSendCountsUntil(send.writtenAt, answeredAt);
        this.pace();
      },
    };
  }

  private async drain(horizonMs: number) {
    if (this.booking) return;
    this.booking = true;
    try {
      while (this.bookings.length > 0) {
        const group = this.bookings.splice(0);
        try {
          const rateLimit = Math.min(...group.map((waiter) => waiter.rateLimit));
          const released = group.flatMap((waiter) =>
            waiter.released === undefined ? [] : [waiter.released],
          );
          const reservations = await this.book(group.length, rateLimit, horizonMs, released);
          for (const [index, waiter] of group.entries())
            waiter.resolve(reservations[index] as { at: number } | { retryAt: number });
        } catch (error) {
          for (const waiter of group) waiter.reject(error);
        }
      }
    } finally {
      this.booking = false;
    }
  }

  private async book(
    count: number,
    rateLimit: number,
    horizonMs: number,
    released: readonly number[],
  ): Promise<({ at: number } | { retryAt: number })[]> {
    for (let round = 0; round < 10; round += 1) {
      const started = nowMs();
      const lead = Math.min(horizonMs / 2, Math.round(1.5 * this.writeLatencyMs) + 5);
      const plan = planSends(
        this.known ?? { buckets: new Map() },
        this.own,
        rateLimit,
        count,
        started + lead,
        started + horizonMs,
        released,
      );
      const retryAt = Math.max(plan.nextFree - horizonMs, started + 1000);
      const answer = (index: number) => {
        const at = plan.times[index];
        return at === undefined ? { retryAt } : { at };
      };
      if (plan.times.length === 0 && released.length === 0)
        return Array.from({ length: count }, (_, index) => answer(index));
      const current = await writeSendLog(this.apiKey, this.endpointId, this.known, plan.log);
      this.writeLatencyMs = 0.7 * this.writeLatencyMs + 0.3 * (nowMs() - started);
      if (!current) {
        this.known = { ...plan.log, version: (this.known?.version ?? 0) + 1 };
        this.own = plan.own;
        return Array.from({ length: count }, (_, index) => answer(index));
      }
      this.known = current;
    }
    throw new Error(`send plan of endpoint ${this.endpointId} stayed contended`);
  }
}

/** Bookers of this process's recent endpoints; the oldest is forgotten past the cap. */
const bookers = new Map<string, EndpointSendBooker>();
const maxBookers = 1000;

function bookerOf(apiKey: string, endpointId: string): EndpointSendBooker {
  const id = `${apiKey}\u0000${endpointId}`;
  let booker = bookers.get(id);
  if (!booker) {
    booker = new EndpointSendBooker(apiKey, endpointId);
    bookers.set(id, booker);
    if (bookers.size > maxBookers) bookers.delete(bookers.keys().next().value as string);
  }
  return booker;
}

/**
 * Plans a send to a rate-limited endpoint within `horizonMs` and waits for its turn (see
 * `SendTurn`), first giving back `released`, a planned send that was missed. Throws when the plan
 * cannot be written (nothing was sent).
 */
export async function awaitSendTurn(
  apiKey: string,
  endpointId: string,
  rateLimit: number,
  horizonMs: number,
  released?: number,
): Promise<SendTurn> {
  const booker = bookerOf(apiKey, endpointId);
  const reservation = await booker.reserve(rateLimit, horizonMs, released);
  return 'retryAt' in reservation ? reservation : booker.turn(reservation.at, rateLimit);
}
