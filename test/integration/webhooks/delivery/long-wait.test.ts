import { dueHandlers } from '../../../../functions/workers/due-handlers';
import { logger } from '../../../../shared/core/logger';
import { reconcile } from '../../../../shared/reconcile/reconciler';
import { createEndpoint } from '../../../../shared/webhooks/endpoint-service';
import { findMessage } from '../../../../shared/webhooks/message-repository';
import { publish } from '../../../../shared/webhooks/outbox';
import { deliverySuite } from '../../../support/delivery';
import { waitFor } from '../../../support/poll';
import { commentEvent, createWebhookWorkspace, messageRefOf } from '../../../support/webhooks';

jest.setTimeout(60_000);

// The first retry waits 20 minutes: longer than one SQS delay (15 minutes) can carry.
const suite = deliverySuite({ env: { WEBHOOK_RETRY_SCHEDULE: '1200' } });
beforeAll(() => suite.receiver.respond((_request, response) => response.writeHead(500).end()));

const messages = () => {
  const queue = suite.harness.sqs.server.inspectQueue('webhook-delivery')?.messages;
  return [...(queue?.ready ?? []), ...(queue?.delayed ?? [])].map((message) => JSON.parse(message.body));
};

describe('a retry whose wait is longer than SQS can delay', () => {
  it('is not chained through the queue: the reconciler sends it when it is due', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await createEndpoint(workspace.apiKey, { url: suite.receiver.url });
    const event = commentEvent();
    await publish(workspace.apiKey, event);
    const ref = messageRefOf(workspace.apiKey, endpoint.id, event);
    await waitFor(async () => (await findMessage(ref))?.attemptCount === 1);
    await suite.harness.stopWorkers();
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
