import type { DynamoDBStreamEvent } from 'aws-lambda';
import { dueHandlers } from '../../../../functions/workers/due-handlers';
import { handler as fanOut } from '../../../../functions/workers/event-fanout';
import { handler as reconcilerFunction } from '../../../../functions/workers/reconciler';
import { lambdaContext } from '../../../../scripts/local/lambda-adapter';
import { logger } from '../../../../shared/core/logger';
import { takeMessages } from '../../../../shared/queues/send';
import { reconcile } from '../../../../shared/reconcile/reconciler';
import { findConfig, putConfigIfUnchanged } from '../../../../shared/settings/repository';
import { updateAdvancedWebhookConfig } from '../../../../shared/settings/webhook-config-service';
import { createEndpoint } from '../../../../shared/webhooks/endpoint-service';
import { findMessage } from '../../../../shared/webhooks/message-repository';
import { replayEndpointMessage } from '../../../../shared/webhooks/message-service';
import { publish } from '../../../../shared/webhooks/outbox';
import { deliverySuite } from '../../../support/delivery';
import { allFannedOut } from '../../../support/outbox';
import { waitFor } from '../../../support/poll';
import * as webhooks from '../../../support/webhooks';

jest.setTimeout(90_000);

/** While set, the table stream's fan-out fails every record (a throttled or broken fan-out). */
let fanOutFails = false;

const suite = deliverySuite({
  startWorkers: false,
  // Lost work is taken up a second after it is due (the default waits 10 and 5 minutes).
  env: { RECONCILE_GRACE_SECONDS: '1', FANOUT_GRACE_SECONDS: '1' },
  streamHandler: async (event: DynamoDBStreamEvent, context) =>
    fanOutFails
      ? {
          batchItemFailures: event.Records.map((record) => ({
            itemIdentifier: record.dynamodb?.SequenceNumber ?? '',
          })),
        }
      : fanOut(event, context),
});
afterEach(() => suite.harness.stopWorkers());

const log = logger.createChild({ persistentKeys: { test: 'reconciler' } });
/** One sweep as if `aheadMs` had passed (due times are compared with the sweep's clock). */
const sweep = (aheadMs = 2000) => reconcile(dueHandlers, log, { now: Date.now() + aheadMs });
const queued = (queue: string) => suite.harness.sqs.server.inspectQueue(queue)?.messages.ready.length ?? 0;

async function endpointWithEvent(path: string) {
  const workspace = await webhooks.createWebhookWorkspace();
  const endpoint = await createEndpoint(workspace.apiKey, {
    url: `${suite.receiver.url}${path}-${workspace.apiKey}`,
  });
  // The endpoint's own `endpoint.created` is fanned out before the test's event is published.
  await waitFor(() => allFannedOut(workspace.apiKey));
  const event = webhooks.commentEvent();
  const ref = webhooks.messageRefOf(workspace.apiKey, endpoint.id, event);
  const arrivals = () =>
    suite.receiver.received.filter((request) => request.headers['webhook-id'] === event.id);
  return { workspace, endpoint, event, ref, arrivals };
}

describe('reconciler: the table is the truth, queues only the fast path', () => {
  it('re-sends a delivery whose queue message was deleted before it was processed: delivered once', async () => {
    const { workspace, event, ref, arrivals } = await endpointWithEvent('lost');
    await publish(workspace.apiKey, event);
    await waitFor(() => queued('webhook-delivery') === 1);
    await takeMessages('webhook-delivery', 10, async () => undefined);
    expect(queued('webhook-delivery')).toBe(0);

    suite.harness.startWorkers();
    expect(await sweep()).toEqual({ webhookDelivery: 1 });
    await webhooks.waitForMessage(ref, 'succeeded');
    expect(arrivals()).toHaveLength(1);
    // Done: it left the due index, so later sweeps find nothing.
    expect(await sweep(60_000)).toEqual({});
  });

  it('fans out an event whose stream batch failed past its retries (reported on stream-failures): delivered once', async () => {
    const { workspace, event, ref, arrivals } = await endpointWithEvent('stream');
    fanOutFails = true;
    await publish(workspace.apiKey, event);
    await waitFor(() => queued('stream-failures') === 1);
    fanOutFails = false;
    expect(await findMessage(ref)).toBeUndefined();

    suite.harness.startWorkers();
    // The scheduled function: it takes the failure report and fans the event out from its outbox item.
    let streamFailures = 0;
    await waitFor(async () => {
      const swept = await reconcilerFunction({}, lambdaContext('reconciler', 60_000));
      streamFailures += swept.streamFailures;
      return swept.counts.outboxEvent === 1;
    });
    expect(streamFailures).toBe(1);
    expect(queued('stream-failures')).toBe(0);
    await webhooks.waitForMessage(ref, 'succeeded');
    expect(arrivals()).toHaveLength(1);
    expect(await sweep(60_000)).toEqual({});
  });

  it('records a delivery whose request cannot be built as failed attempts, dead-letters it, and replays it once fixed', async () => {
    const { workspace, endpoint, event, ref, arrivals } = await endpointWithEvent('poison');
    // A config stored before public keys were checked: encryption on, a key that is not one.
    const stored = await findConfig(workspace.apiKey, 'advancedWebhook');
    const poisoned = { ...(stored?.document as object), encryptData: true, publicKey: 'not a key' };
    expect(
      await putConfigIfUnchanged(workspace.apiKey, 'advancedWebhook', poisoned, stored, Date.now()),
    ).toBe(true);
    suite.harness.startWorkers();
    await publish(workspace.apiKey, event);
    await webhooks.waitForMessage(ref, 'dead');
    const dead = await findMessage(ref);
    // Every attempt of the (test) schedule was made and recorded with a reason; nothing was sent.
    expect(dead?.attempts.map((attempt) => attempt.outcome)).toEqual(['error', 'error', 'error', 'error']);
    expect(dead?.attempts[0]?.response).toMatch(/could not be built/);
    expect(arrivals()).toHaveLength(0);
    expect(queued('webhook-delivery-dlq')).toBe(0);

    await updateAdvancedWebhookConfig(workspace.apiKey, { encryptData: false });
    await replayEndpointMessage(workspace.apiKey, {
      endpointId: endpoint.id,
      messageId: event.id,
      timestamp: event.timestamp,
    });
    await webhooks.waitForMessage(ref, 'succeeded');
    expect(arrivals()).toHaveLength(1);
  });

  it('leaves a delivery whose message is only late alone until its grace has passed', async () => {
    const { workspace, event, ref, arrivals } = await endpointWithEvent('late');
    await publish(workspace.apiKey, event);
    await waitFor(() => queued('webhook-delivery') === 1);
    // The message is still on its way (workers stopped): no sweep within the grace sends another.
    expect(await sweep(-60_000)).toEqual({});
    suite.harness.startWorkers();
    await webhooks.waitForMessage(ref, 'succeeded');
    expect(arrivals()).toHaveLength(1);
  });
});
