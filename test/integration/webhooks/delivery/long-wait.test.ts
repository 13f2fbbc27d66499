import { logger } from '../../../../shared/http/logger';
import { dueHandlers } from '../../../../shared/reconcile/handlers';
import { reconcile } from '../../../../shared/reconcile/reconciler';
import { createEndpoint } from '../../../../shared/webhooks/endpoint-service';
import { findMessage } from '../../../../shared/webhooks/message-repository';
import { endpointTarget } from '../../../../shared/webhooks/message-schemas';
import { createEvent, publish } from '../../../../shared/webhooks/outbox';
import { type DeliveryHarness, startDeliveryHarness, waitFor } from '../../../support/delivery';
import { type Receiver, startReceiver } from '../../../support/receiver';
import { createWebhookWorkspace } from '../../../support/webhooks';

jest.setTimeout(60_000);

let harness: DeliveryHarness;
let receiver: Receiver;

beforeAll(async () => {
  // The first retry waits 20 minutes: longer than one SQS delay (15 minutes) can carry.
  harness = await startDeliveryHarness({ env: { WEBHOOK_RETRY_SCHEDULE: '1200' } });
  receiver = await startReceiver();
  receiver.respond((_request, response) => response.writeHead(500).end());
});
afterAll(async () => {
  await harness.stop();
  await receiver.close();
});

const messages = () => {
  const queue = harness.sqs.server.inspectQueue('webhook-delivery')?.messages;
  return [...(queue?.ready ?? []), ...(queue?.delayed ?? [])].map((message) => JSON.parse(message.body));
};

describe('a retry whose wait is longer than SQS can delay', () => {
  it('is not chained through the queue: the reconciler sends it when it is due', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await createEndpoint(workspace.apiKey, { url: receiver.url });
    const event = createEvent({ event: 'comment.add', actionType: 'add', source: 'comment', data: {} });
    await publish(workspace.apiKey, event);
    const ref = {
      apiKey: workspace.apiKey,
      targetId: endpointTarget(endpoint.id),
      eventTimestamp: event.timestamp,
      eventId: event.id,
    };
    await waitFor(async () => (await findMessage(ref))?.attemptCount === 1);
    await harness.stopWorkers();
    const failed = await findMessage(ref);
    expect(failed).toMatchObject({ status: 'pending', enqueuedAttempt: 1 });
    const dueAt = failed?.nextAttemptAt as number;
    expect(dueAt - Date.now()).toBeGreaterThan(15 * 60 * 1000);
    // No message waits in the queue for it (no hops of 15 minutes)...
    expect(messages()).toEqual([]);

    const log = logger.createChild({ persistentKeys: { test: 'long-wait' } });
    // ...and no sweep sends one before it is due...
    expect(await reconcile(dueHandlers, log, { now: dueAt - 60_000 })).toEqual({});
    // ...then the first sweep after it sends its next attempt's message, once.
    expect(await reconcile(dueHandlers, log, { now: dueAt + 1 })).toEqual({ webhookDelivery: 1 });
    expect(messages()).toEqual([expect.objectContaining({ eventId: event.id, attempt: 2 })]);
    expect(await reconcile(dueHandlers, log, { now: dueAt + 2 })).toEqual({});
  });
});
