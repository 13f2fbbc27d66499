import { type DeliveryHarness, startDeliveryHarness } from './delivery';
import { type ReceivedRequest, type Receiver, startReceiver } from './receiver';
import { createWebhookWorkspace } from './webhooks';
import type { TestWorkspace } from './workspaces';

export interface DeliverySuite {
  harness: DeliveryHarness;
  /** The receiver webhooks are pointed at (paths tell the targets apart). */
  receiver: Receiver;
  /** A workspace with advanced webhooks enabled. */
  workspace: TestWorkspace;
  /** Stops the harness and closes the receiver. */
  stop(): Promise<void>;
}

/**
 * What a webhook delivery test file starts with (in `beforeAll`): the delivery pipeline
 * (`startDeliveryHarness`, with its options), a receiver on 127.0.0.1 and a webhook workspace.
 */
export async function startDeliverySuite(
  options: Parameters<typeof startDeliveryHarness>[0] = {},
): Promise<DeliverySuite> {
  const harness = await startDeliveryHarness(options);
  const receiver = await startReceiver();
  const workspace = await createWebhookWorkspace();
  return {
    harness,
    receiver,
    workspace,
    stop: async () => {
      await harness.stop();
      await receiver.close();
    },
  };
}

/**
 * The messages `receiver` got on `/<path>`, once each, in the order of their events' timestamps.
 * An answer that comes too late on a loaded machine is retried with the same message id (addendum
 * §8: `id` is stable across retries), so a receiver keeps the first copy of each id, as these tests do.
 */
export const deliveredTo = (receiver: Receiver, path: string): ReceivedRequest[] => {
  const firstCopies = new Map<string, ReceivedRequest>();
  for (const request of receiver.received) {
    if (request.url === `/${path}` && !firstCopies.has(request.body.id))
      firstCopies.set(request.body.id, request);
  }
  return [...firstCopies.values()].sort((a, b) => a.body.timestamp - b.body.timestamp);
};

/**
 * The events of the comment review the delivery tests play, in order: a suggestion thread, a reply
 * tagging carol, a status change, a reaction, the accepted suggestion.
 */
export const commentReviewEvents = [
  'comment_annotation.add',
  'comment.add',
  'comment_annotation.status_change',
  'comment.reaction_add',
  'comment_annotation.suggestion_accept',
];
