import { updateAdvancedWebhookConfig } from '../../shared/settings/webhook-config-service';
import { createEndpoint } from '../../shared/webhooks/endpoint-service';
import type { PublishedEvent } from '../../shared/webhooks/event-schemas';
import { findMessage } from '../../shared/webhooks/message-repository';
import {
  endpointTarget,
  type MessageRecord,
  type MessageRef,
  type MessageStatus,
} from '../../shared/webhooks/message-schemas';
import { createEvent, type NewEvent } from '../../shared/webhooks/outbox';
import { succeed } from './api';
import { call, dataOf } from './lambda';
import { waitFor } from './poll';
import type { ReceivedRequest, Receiver } from './receiver';
import { createTestWorkspace, type TestWorkspace } from './workspaces';

/** A fresh workspace whose API key has advanced webhooks enabled. */
export async function createWebhookWorkspace(): Promise<TestWorkspace> {
  const workspace = await createTestWorkspace();
  await updateAdvancedWebhookConfig(workspace.apiKey, { isEnabled: true });
  return workspace;
}

/**
 * An endpoint (created through its route) on a receiver at `receiverUrl`, at a path of its own
 * named after `name` and the API key; `fields` are more of the create route's input.
 */
export async function endpointOnReceiver(
  workspace: TestWorkspace,
  receiverUrl: string,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<{ endpointId: string; path: string }> {
  const path = `${name}-${workspace.apiKey}`;
  const endpoint = await succeed(workspace, 'workspace.advancedwebhook.endpoints.create', {
    url: `${receiverUrl}${path}`,
    ...fields,
  });
  return { endpointId: endpoint.id as string, path };
}

/**
 * Creates `count` endpoints one after another; returns their ids oldest first (ids sort by creation
 * time). In parallel they contend for the key's endpoint count and wait out its conflict back-offs:
 * eleven took 3.4 s that way, 0.7 s one after another.
 */
export async function seedEndpoints(workspace: TestWorkspace, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1)
    ids.push((await createEndpoint(workspace.apiKey, { url: `https://hooks.example.com/${index}` })).id);
  return ids.sort();
}

/** A `comment.add` event (empty data, no channels unless given), ready to publish. */
export const commentEvent = (fields: Partial<NewEvent> = {}): PublishedEvent =>
  createEvent({ event: 'comment.add', actionType: 'add', source: 'comment', data: {}, ...fields });

/** Where the message of `event` to an advanced endpoint is stored. */
export const messageRefOf = (
  apiKey: string,
  endpointId: string,
  event: Pick<PublishedEvent, 'id' | 'timestamp'>,
): MessageRef => ({
  apiKey,
  targetId: endpointTarget(endpointId),
  eventTimestamp: event.timestamp,
  eventId: event.id,
});

/** Waits until the message at `ref` has `status`; returns it as then stored. */
export async function waitForMessage(
  ref: MessageRef,
  status: MessageStatus,
  timeoutMs?: number,
): Promise<MessageRecord> {
  let found: MessageRecord | undefined;
  await waitFor(async () => {
    found = await findMessage(ref);
    return found?.status === status;
  }, timeoutMs);
  return found as MessageRecord;
}

/** A config route pair's calls (get and partial update) with a workspace's API key. */
export function configCalls(getHandler: unknown, updateHandler: unknown) {
  return {
    update: (workspace: TestWorkspace, data: unknown) =>
      call(updateHandler, { headers: workspace.apiKeyHeaders, data }),
    read: (workspace: TestWorkspace) => call(getHandler, { headers: workspace.apiKeyHeaders }),
  };
}

/**
 * Reads a fresh workspace's config and expects `defaults`, read in one GetItem that starts together
 * with the auth read (prefetch); returns what was read.
 */
export async function expectDefaultsBesideAuth<T>(
  read: (workspace: TestWorkspace) => ReturnType<typeof call>,
  defaults: T,
): Promise<T> {
  const response = await read(await createTestWorkspace());
  expect(dataOf(response)).toEqual(defaults);
  expect(response.db.commands).toEqual(['GetItem', 'GetItem']);
  expect(response.db.serialRoundTrips).toBe(1);
  return dataOf(response);
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
 * Checks that no message reached `receiver` on `/<path>` more often than its record counts attempts
 * to `targetId`: a copy beyond the first is a retry the pipeline recorded (an answer that came too
 * late), never one attempt sent twice. An attempt is recorded just after its answer, so the records
 * are read until they agree (or 30 s pass).
 */
export async function expectNoUnrecordedCopies(
  apiKey: string,
  receiver: Receiver,
  path: string,
  targetId: MessageRef['targetId'],
): Promise<void> {
  const copies = new Map<string, { count: number; eventTimestamp: number }>();
  for (const request of receiver.received.filter((received) => received.url === `/${path}`)) {
    const seen = copies.get(request.body.id);
    copies.set(request.body.id, { count: (seen?.count ?? 0) + 1, eventTimestamp: request.body.timestamp });
  }
  let unrecorded: Record<string, number> = {};
  const recorded = async () => {
    unrecorded = {};
    for (const [eventId, { count, eventTimestamp }] of copies) {
      const message = await findMessage({ apiKey, targetId, eventTimestamp, eventId });
      const excess = count - (message?.attempts.length ?? 0);
      if (excess > 0) unrecorded[eventId] = excess;
    }
    return Object.keys(unrecorded).length === 0;
  };
  await waitFor(recorded, 30_000).catch(() => undefined);
  expect(unrecorded).toEqual({});
}

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
