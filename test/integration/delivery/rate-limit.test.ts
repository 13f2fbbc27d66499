import { createEvent, publish } from '../../../shared/events/outbox';
import { createEndpoint } from '../../../shared/webhooks/service';
import { type DeliveryHarness, startDeliveryHarness, waitFor } from '../../support/delivery';
import { type Receiver, startReceiver } from '../../support/receiver';
import { createWebhookWorkspace } from '../../support/webhooks';

// About 25 s on an idle machine; generous because CI machines may be busy (speed is for the bench).
jest.setTimeout(180_000);

let harness: DeliveryHarness;
let receiver: Receiver;

beforeAll(async () => {
  harness = await startDeliveryHarness();
  receiver = await startReceiver();
});
afterAll(async () => {
  await harness.stop();
  await receiver.close();
});

/** The most arrivals inside any one-second window (sliding, not bucketed). */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] as number) - (sorted[start] as number) >= 1000) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

describe('rate-limited endpoint', () => {
  it('receives all 200 messages at rateLimit 20 with no one-second window above 20', async () => {
    const workspace = await createWebhookWorkspace();
    await createEndpoint(workspace.apiKey, { url: receiver.url, rateLimit: 20 });
    const events = Array.from({ length: 200 }, (_, index) =>
      createEvent({ event: 'comment.add', actionType: 'add', source: 'comment', data: { index } }),
    );
    const started = Date.now();
    await Promise.all(events.map((event) => publish(workspace.apiKey, event)));
    await waitFor(() => new Set(receiver.received.map((request) => request.body.id)).size === 200, 170_000);
    const busiest = busiestSecond(receiver.received.map((request) => request.at));
    console.log(`rate limit: 200 deliveries in ${Date.now() - started} ms, busiest second ${busiest}`);
    expect(busiest).toBeLessThanOrEqual(20);
    expect(new Set(receiver.received.map((request) => request.body.id))).toEqual(
      new Set(events.map((event) => event.id)),
    );
  });
});
