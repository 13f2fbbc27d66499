import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import type { PublishedEvent } from '../../../shared/webhooks/event-schemas';
import { findMessage } from '../../../shared/webhooks/message-repository';
import { publish } from '../../../shared/webhooks/outbox';
import { succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { waitFor } from '../../support/poll';
import {
  commentEvent,
  createWebhookWorkspace,
  endpointOnReceiver,
  messageRefOf,
  waitForMessage,
} from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';

jest.setTimeout(120_000);

const suite = deliverySuite();
beforeAll(() => {
  suite.receiver.respond((_request, response) => response.writeHead(204).end());
});

const bob = { userId: 'bob', name: 'Bob', email: 'bob@example.com' };
const carol = { userId: 'carol', name: 'Carol', photoUrl: 'https://example.com/carol.png' };

/** An event whose payload carries Bob's profile twice and Carol's once, delivered to two endpoints. */
async function deliveredEvent(workspace: TestWorkspace) {
  const endpoints = [
    await endpointOnReceiver(workspace, suite.receiver.url, 'one'),
    await endpointOnReceiver(workspace, suite.receiver.url, 'two'),
  ];
  const event: PublishedEvent = commentEvent({
    organizationId: 'org-1',
    data: { comment: { from: bob, assignedTo: carol, mentions: [{ ...bob }] } },
  });
  await publish(workspace.apiKey, event);
  for (const { endpointId } of endpoints)
    await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), 'succeeded');
  return { endpoints, event };
}

async function eraseUser(workspace: TestWorkspace, userId: string) {
  const { jobId } = await succeed(workspace, 'users.data.delete', { userId });
  await waitFor(
    async () => (await succeed(workspace, 'users.data.delete.status', { jobId })).status === 'completed',
  );
}

const outboxData = async (apiKey: string, event: PublishedEvent) =>
  (
    await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.outboxEvent(apiKey, event.timestamp, event.id) }),
    )
  ).Item?.data;

describe("a user's erasure and webhook messages", () => {
  it("stubs the user's profile in every message and the outbox copy, and leaves the others' alone", async () => {
    const workspace = await createWebhookWorkspace();
    const { endpoints, event } = await deliveredEvent(workspace);
    // Messages are not among a user's data.
    expect((await succeed(workspace, 'users.data.get', { userId: 'bob' })).items).toEqual([]);

    await eraseUser(workspace, 'bob');

    const stubbed = {
      from: { userId: 'bob', name: 'Deleted user' },
      assignedTo: carol,
      mentions: [{ userId: 'bob', name: 'Deleted user' }],
    };
    for (const { endpointId } of endpoints) {
      const message = await findMessage(messageRefOf(workspace.apiKey, endpointId, event));
      expect(message?.event.data).toEqual({ comment: stubbed });
      expect(message?.status).toBe('succeeded');
    }
    expect(await outboxData(workspace.apiKey, event)).toEqual({ comment: stubbed });
    const listed = await succeed(workspace, 'workspace.advancedwebhook.endpoints.messages.get', {
      endpointId: endpoints[0]!.endpointId,
    });
    expect(JSON.stringify(listed)).not.toContain('bob@example.com');

    // Carol's erasure later stubs hers in the same messages; Bob's stays stubbed.
    await eraseUser(workspace, 'carol');
    const message = await findMessage(messageRefOf(workspace.apiKey, endpoints[1]!.endpointId, event));
    expect(message?.event.data).toEqual({
      comment: { ...stubbed, assignedTo: { userId: 'carol', name: 'Deleted user' } },
    });
  });

  it("keeps another API key's messages about a user of the same id", async () => {
    const erasing = await createWebhookWorkspace();
    const other = await createWebhookWorkspace();
    await deliveredEvent(erasing);
    const { endpoints, event } = await deliveredEvent(other);
    await eraseUser(erasing, 'bob');
    const message = await findMessage(messageRefOf(other.apiKey, endpoints[0]!.endpointId, event));
    expect(message?.event.data).toEqual({ comment: { from: bob, assignedTo: carol, mentions: [bob] } });
  });
});
