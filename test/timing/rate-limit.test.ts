import { startCpuLoad } from '../support/cpu-load';
import { deliverBacklog, rateLimitTimingSuite } from '../support/rate-limit-timing';

// About 11 s of deliveries; generous because the test loads every core on purpose.
jest.setTimeout(180_000);

rateLimitTimingSuite();

describe('rate-limited endpoint on a machine whose cores are busy', () => {
  it('receives a backlog of 200 at rateLimit 20: ≥ 18 per second, never more than 20 in a second', async () => {
    const outcome = await deliverBacklog('rate limit under load', 20, 200, async () => startCpuLoad());
    expect(outcome.busiest).toBeLessThanOrEqual(20);
    expect(outcome.rate).toBeGreaterThanOrEqual(18);
    // Exactly once each.
    expect(outcome.arrivals.map((arrival) => arrival.id).sort()).toEqual([...outcome.eventIds].sort());
  });
});
