import { isDeepStrictEqual } from 'node:util';
import { type DbCallStats, measureDbCalls } from '../../../../shared/db/metrics';
import { createEndpoint } from '../../../../shared/webhooks/endpoint-service';
import { endpointStats } from '../../../../shared/webhooks/message-log-service';
import { findMessage } from '../../../../shared/webhooks/message-repository';
import { endpointTarget } from '../../../../shared/webhooks/message-schemas';
import { publish } from '../../../../shared/webhooks/outbox';
import { type DeliveryHarness, startDeliveryHarness } from '../../../support/delivery';
import { waitFor } from '../../../support/poll';
import { type Receiver, startReceiver } from '../../../support/receiver';
import { commentEvent, createWebhookWorkspace } from '../../../support/webhooks';

// Generous: the suite runs beside other files on a shared machine; the budget is a count, not a time.
jest.setTimeout(240_000);

let harness: DeliveryHarness;
let receiver: Receiver;
let pipeline: DbCallStats;

beforeAll(async () => {
  // Every DynamoDB call the stream fan-out and the delivery worker make is counted in `pipeline`
  // (they run in the scope they were started in); the test's own set-up, publishing and read-back
  // are not.
  const started = await measureDbCalls(() => startDeliveryHarness());
  harness = started.result;
  pipeline = started.stats;
  receiver = await startReceiver();
});
afterAll(async () => {
  await harness.stop();
  await receiver.close();
});

const countBy = (commands: readonly string[]) =>
  commands.reduce<Record<string, number>>((counts, command) => {
    counts[command] = (counts[command] ?? 0) + 1;
    return counts;
  }, {});

describe('webhook delivery DynamoDB call budget', () => {
  it('delivers 30 events to 3 endpoints, a third of first attempts failing, in at most 6 calls per delivery', async () => {
    const workspace = await createWebhookWorkspace();
    const paths = ['a', 'b', 'c'];
    const endpoints: { id: string }[] = [];
    for (const path of paths)
      endpoints.push(await createEndpoint(workspace.apiKey, { url: `${receiver.url}${path}` }));
    // Endpoint b fails the first attempt of every event: 30 retries, and its failing streak starts
    // and ends again and again (the health writes the budget must absorb).
    const answeredOnce = new Set<string>();
    const succeeded = new Set<string>();
    receiver.respond((request, response) => {
      const id = String(request.headers['webhook-id']);
      const first = request.url === '/b' && !answeredOnce.has(id);
      if (request.url === '/b') answeredOnce.add(id);
      if (!first) succeeded.add(`${request.url} ${id}`);
      response.writeHead(first ? 500 : 204).end();
    });
    const events = Array.from({ length: 30 }, (_, index) => commentEvent({ data: { index } }));
    const before = pipeline.commands.length;
    // Published together, as a burst: the fan-out then sees several events per stream batch.
    await Promise.all(events.map((event) => publish(workspace.apiKey, event)));

    const refs = events.flatMap((event) =>
      endpoints.map((endpoint) => ({
        apiKey: workspace.apiKey,
        targetId: endpointTarget(endpoint.id),
        eventTimestamp: event.timestamp,
        eventId: event.id,
      })),
    );
    await waitFor(() => succeeded.size === refs.length, 200_000);
    // Each endpoint's counts, written per batch, add up to its 30 messages, all succeeded (b's went
    // pending → sending → succeeded).
    const allSucceeded = { success: 30, fail: 0, pending: 0, sending: 0 };
    await waitFor(async () =>
      (
        await Promise.all(
          endpoints.map((endpoint) => endpointStats(workspace.apiKey, { endpointId: endpoint.id, since: 0 })),
        )
      ).every((stats) =>
        isDeepStrictEqual({ ...stats, since: undefined }, { ...allSucceeded, since: undefined }),
      ),
    );
    // The last attempts' records land just after their answers.
    await waitFor(
      async () =>
        (await Promise.all(refs.map((ref) => findMessage(ref)))).every(
          (delivery) => delivery?.status === 'succeeded',
        ),
      30_000,
    );

    const commands = pipeline.commands.slice(before);
    const byCommand = countBy(commands);
    // At least 60 requests at b (a slow answer on this loaded machine may time out and be retried).
    expect(receiver.received.filter((request) => request.url === '/b').length).toBeGreaterThanOrEqual(60);
    // Decisions §40: per event one transaction (3 deliveries and the outbox mark); per attempt a
    // claim and a record; per batch of attempts one BatchGetItem; endpoint health written only when
    // it changes. Decisions §73 and §74: the endpoints' status counts move with each message created
    // and each status change, written once per stream or queue batch, per endpoint and bucket.
    // Decisions §76: each of b's successes after its failed first attempt is `message.attempt.recovered`,
    // recorded with the attempt in a transaction (and fanned out to no one).
    expect({ ...byCommand, perDelivery: commands.length / refs.length }).toMatchObject({
      TransactWriteItems: events.length + events.length,
    });
    expect(byCommand.PutItem).toBeUndefined();
    expect(commands.length / refs.length).toBeLessThanOrEqual(6);
    // Configuration is read once per stream batch (fan-out: two configs and the endpoints) and once
    // per queue batch (worker: one BatchGetItem). How many messages share a batch depends on the
    // schedule, so the bound is the worst case, every batch holding one message: three reads per
    // event and one per attempt (before §40: three per event and two per attempt, always).
    const reads = (byCommand.GetItem ?? 0) + (byCommand.Query ?? 0) + (byCommand.BatchGetItem ?? 0);
    expect(reads).toBeLessThanOrEqual(3 * events.length + receiver.received.length);
  });
});
