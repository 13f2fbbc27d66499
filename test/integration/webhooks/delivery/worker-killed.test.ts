import type { ChildProcess } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createEndpoint } from '../../../../shared/webhooks/endpoint-service';
import { findMessage } from '../../../../shared/webhooks/message-repository';
import { endpointTarget } from '../../../../shared/webhooks/message-schemas';
import { publish } from '../../../../shared/webhooks/outbox';
import { deliverySuite } from '../../../support/delivery';
import { startEntryProcess } from '../../../support/entry-process';
import { waitFor } from '../../../support/poll';
import { commentEvent, createWebhookWorkspace } from '../../../support/webhooks';

jest.setTimeout(120_000);

let poller: ChildProcess | undefined;

const suite = deliverySuite({ startWorkers: false });
afterAll(() => {
  poller?.kill('SIGKILL');
});

/**
 * Messages a killed consumer had received come back after the visibility timeout; the stack's
 * 120 s is shortened so the test sees them soon. Set before any receive: SQS applies the timeout
 * in force when a message is received.
 */
async function shortenVisibilityTimeout(seconds: number) {
  const sqs = new SQSClient({
    endpoint: suite.harness.sqs.endpoint,
    region: process.env.AWS_REGION ?? 'us-east-1',
  });
  await sqs.send(
    new SetQueueAttributesCommand({
      QueueUrl: suite.harness.sqs.queueUrls['webhook-delivery'],
      Attributes: { VisibilityTimeout: String(seconds) },
    }),
  );
  sqs.destroy();
}

/** The local queue poller with the real delivery worker, in a process of its own that can be killed. */
function startPollerProcess(): ChildProcess {
  return startEntryProcess('test/support/queue-worker-process.ts', { ipc: false });
}

describe('webhook-delivery consumer killed mid-batch', () => {
  it('loses no message: every event arrives at least once, duplicates carry the same webhook-id', async () => {
    await shortenVisibilityTimeout(2);
    // The receiver holds every request until the consumer is killed, then answers at once.
    const held: ServerResponse[] = [];
    suite.receiver.respond((_request, response) => held.push(response));
    const workspace = await createWebhookWorkspace();
    const endpoint = await createEndpoint(workspace.apiKey, { url: `${suite.receiver.url}hook` });
    const events = Array.from({ length: 6 }, () => commentEvent());
    for (const event of events) await publish(workspace.apiKey, event);

    poller = startPollerProcess();
    await waitFor(() => held.length > 0, 60_000);
    const exited = new Promise((done) => poller?.once('exit', done));
    poller.kill('SIGKILL');
    await exited;
    const inFlight = suite.receiver.received.map((request) => request.headers['webhook-id']);

    suite.receiver.respond((_request, response) => response.writeHead(204).end());
    suite.harness.startWorkers();
    const refOf = (event: (typeof events)[number]) => ({
      apiKey: workspace.apiKey,
      targetId: endpointTarget(endpoint.id),
      eventTimestamp: event.timestamp,
      eventId: event.id,
    });
    await waitFor(async () => {
      const deliveries = await Promise.all(events.map((event) => findMessage(refOf(event))));
      return deliveries.every((delivery) => delivery?.status === 'succeeded');
    });

    const received = suite.receiver.received.map((request) => ({
      webhookId: request.headers['webhook-id'],
      id: request.body.id,
    }));
    expect(new Set(received.map((request) => request.webhookId))).toEqual(
      new Set(events.map((event) => event.id)),
    );
    expect(received.every((request) => request.webhookId === request.id)).toBe(true);
    // What the killed consumer was sending was sent again, under the same webhook-id.
    for (const id of inFlight)
      expect(received.filter((request) => request.webhookId === id).length).toBeGreaterThanOrEqual(2);
  });
});
