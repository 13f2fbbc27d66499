import { once } from 'node:events';
import { startCpuLoad } from '../support/cpu-load';
import { measuredRealTimePriority } from '../support/priority';
import {
  type Beside,
  deliverBacklog,
  rateLimitTimingSuite,
  startTimedProcess,
} from '../support/rate-limit-timing';

/**
 * The delivery worker on a small CPU share, as Lambda runs it at 512 MB (about 0.29 of a vCPU,
 * handed out in short slices): the consumer process is stopped 70 ms of every 100 ms by a
 * supervisor (SIGSTOP / SIGCONT), beside a load on every core. A send that wakes late must still
 * go, and still never put more than rateLimit deliveries into any second at the receiver.
 */
jest.setTimeout(300_000);

rateLimitTimingSuite();

/** The consumer runs `runningMs` of every 100 ms, with every core loaded beside it. */
const smallShare =
  (runningMs: number): Beside =>
  async (consumer) => {
    // Above the consumer's real-time priority, so the signals go on time even while it runs.
    const supervisor = startTimedProcess('test/support/duty-cycle-process.ts', measuredRealTimePriority + 10);
    supervisor.send({ pid: consumer.pid, runningMs, periodMs: 100 });
    const load = startCpuLoad();
    return {
      note: async () => {
        supervisor.send('report');
        const [{ runningShare }] = (await once(supervisor, 'message')) as [{ runningShare: number }];
        return `, consumer ran ${(100 * runningShare).toFixed(0)} % of the time`;
      },
      stop: async () => {
        supervisor.disconnect();
        await load.stop();
      },
    };
  };

/**
 * Each case keeps the worker's CPU within its share: about 13 ms per delivery here, so 30 % of a
 * core (300 ms a second) carries 15 a second with room, and 20 a second needs about 270 ms of it —
 * then the test would measure the CPU, not the limiter (one CI run: 78.1 %). 60 % of a core is
 * Lambda's 1,024 MB, which README's deployment section gives for 20 a second.
 */
describe('rate-limited endpoint whose delivery worker has a small share of a core', () => {
  it.each([
    [30, 10, 120],
    [30, 15, 180],
    [60, 20, 240],
  ])(
    'on %i %% of a core keeps ≥ 90 %% of rateLimit %i over %i deliveries, never more in a second',
    async (share, rateLimit, count) => {
      const outcome = await deliverBacklog(`${share} % of a core`, rateLimit, count, smallShare(share));
      expect(outcome.busiest).toBeLessThanOrEqual(rateLimit);
      // Issue 29's 90 %. With the consumer, the receiver and the supervisor in real time (SCHED_FIFO),
      // every case gave 94.7–95.8 % over six runs, three of them beside six extra spinning processes
      // (load average 4–9); at niceness -10 alone, 89–95.7 % on the same machine, down to 78.4 % beside
      // the spinning processes (74.6–89 % on busy machines before). One process's ceiling: 95 % (§67).
      expect(outcome.rate).toBeGreaterThanOrEqual(0.9 * rateLimit);
      expect(outcome.arrivals.map((arrival) => arrival.id).sort()).toEqual([...outcome.eventIds].sort());
    },
  );
});
