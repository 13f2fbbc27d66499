import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { type LocalDynamo, startDynamoDbLocal } from '../../scripts/local/dynamodb';
import { createEndpoint } from '../../shared/webhooks/endpoint-service';
import { createEvent, publish } from '../../shared/webhooks/outbox';
import { startCpuLoad } from '../support/cpu-load';
import { type DeliveryHarness, startDeliveryHarness } from '../support/delivery';
import { startEntryProcess } from '../support/entry-process';
import { waitFor } from '../support/poll';
import { runAheadOfLoad } from '../support/priority';
import { arrivalRate, busiestSpan } from '../support/rates';
import { createWebhookWorkspace } from '../support/webhooks';

// About 11 s of deliveries; generous because the test loads every core on purpose.
jest.setTimeout(180_000);

type Arrival = { id: string; at: number };

let harness: DeliveryHarness;
let dynamo: LocalDynamo;
const children: ChildProcess[] = [];

/**
 * A test entry in a process of its own, as in AWS the consumer (a Lambda) and the receiver (another
 * machine) are: neither's clock is then skewed by the other's event loop.
 */
function startProcess(entry: string): ChildProcess {
  const child = startEntryProcess(entry);
  children.push(child);
  if (child.pid !== undefined) runAheadOfLoad(child.pid);
  return child;
}

async function arrivalsAt(receiver: ChildProcess): Promise<Arrival[]> {
  receiver.send('report');
  const [message] = (await once(receiver, 'message')) as [{ arrivals: Arrival[] }];
  return message.arrivals;
}

beforeAll(async () => {
  // A DynamoDB Local of its own: the test loads the CPU on purpose, but whatever other test files
  // make the shared database do (a 10,000-record migration) must not set this test's pace — in AWS
  // DynamoDB's latency does not depend on what other tenants do. The database, the consumer, the
  // receiver and this process (the SQS emulator) run ahead of the load, as each has CPU of its own
  // in AWS: the load the test makes, and whatever else shares the machine, take the rest.
  dynamo = await startDynamoDbLocal();
  if (dynamo.pid !== undefined) runAheadOfLoad(dynamo.pid);
  runAheadOfLoad();
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  harness = await startDeliveryHarness({ startWorkers: false });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await harness.stop();
  dynamo.stop();
});

describe('rate-limited endpoint on a machine whose cores are busy', () => {
  it('receives a backlog of 200 at rateLimit 20: ≥ 18 per second, never more than 20 in a second', async () => {
    const receiver = startProcess('test/support/receiver-process.ts');
    const [{ port }] = (await once(receiver, 'message')) as [{ port: number }];
    const workspace = await createWebhookWorkspace();
    await createEndpoint(workspace.apiKey, { url: `http://127.0.0.1:${port}/`, rateLimit: 20 });
    const events = Array.from({ length: 200 }, (_, index) =>
      createEvent({ event: 'comment.add', actionType: 'add', source: 'comment', data: { index } }),
    );
    await Promise.all(events.map((event) => publish(workspace.apiKey, event)));
    // The whole backlog is fanned out before the consumer starts, so the limiter alone sets the pace.
    await waitFor(() => harness.sqs.server.inspectQueue('webhook-delivery')?.messages.ready.length === 200);

    const load = startCpuLoad();
    let arrivals: Arrival[] = [];
    try {
      startProcess('test/support/queue-worker-process.ts');
      await waitFor(async () => {
        arrivals = await arrivalsAt(receiver);
        return arrivals.length >= 200;
      }, 170_000);
    } finally {
      await load.stop();
    }
    const times = arrivals.map((arrival) => arrival.at);
    const busiest = busiestSpan(times);
    const rate = arrivalRate(times);
    console.log(`rate limit under load: busiest second ${busiest}, steady rate ${rate.toFixed(1)}/s`);
    expect(busiest).toBeLessThanOrEqual(20);
    expect(rate).toBeGreaterThanOrEqual(18);
    // Exactly once each.
    expect(arrivals.map((arrival) => arrival.id).sort()).toEqual(events.map((event) => event.id).sort());
  });
});
