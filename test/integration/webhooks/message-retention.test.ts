import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import type { PublishedEvent } from '../../../shared/webhooks/event-schemas';
import { endpointTarget } from '../../../shared/webhooks/message-schemas';
import { publish } from '../../../shared/webhooks/outbox';
import { callAs, succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { waitFor } from '../../support/poll';
import { commentEvent, createWebhookWorkspace, messageRefOf, waitForMessage } from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';

jest.setTimeout(120_000);

const dayMs = 24 * 60 * 60 * 1000;

const suite = deliverySuite();

const setRetention = (workspace: TestWorkspace, messageRetentionDays: number) =>
  succeed(workspace, 'workspace.advancedwebhookconfig.update', { messageRetentionDays });

/** The stored item of a message (to read its TTL attribute, which no route shows). */
const storedItem = async (apiKey: string, endpointId: string, event: PublishedEvent) =>
  (
    await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.webhookDelivery(apiKey, endpointTarget(endpointId), event.timestamp, event.id),
      }),
    )
  ).Item;

describe('message retention (advanced-webhook config messageRetentionDays)', () => {
  it('leaves messages past the retention in force out of every route; their items expire by TTL', async () => {
    const workspace = await createWebhookWorkspace();
    await setRetention(workspace, 2);
    const { id: endpointId } = await succeed(workspace, 'workspace.advancedwebhook.endpoints.create', {
      url: `${suite.receiver.url}kept-${workspace.apiKey}`,
    });
    const now = Date.now();
    const old = { ...commentEvent(), timestamp: now - 3 * dayMs };
    const recent = { ...commentEvent(), timestamp: now - dayMs };
    const fresh = { ...commentEvent(), timestamp: now };
    for (const event of [old, recent, fresh]) {
      await publish(workspace.apiKey, event);
      await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), 'succeeded');
    }
    // DynamoDB deletes an item once its `ttl` (epoch seconds) has passed: the old one's already has.
    for (const event of [old, recent, fresh]) {
      const item = await storedItem(workspace.apiKey, endpointId, event);
      expect(item?.ttl).toBe(Math.floor((event.timestamp + 2 * dayMs) / 1000));
    }

    const listed = async () =>
      (await succeed(workspace, 'workspace.advancedwebhook.messages.get', {})).map(
        (message: { messageId: string }) => message.messageId,
      );
    const listedForEndpoint = async () =>
      (
        await succeed(workspace, 'workspace.advancedwebhook.endpoints.messages.get', { endpointId })
      ).messages.map((message: { messageId: string }) => message.messageId);
    const ofMessage = (event: PublishedEvent) => ({
      messageId: event.id,
      timestamp: event.timestamp,
      endpointId,
    });
    const successes = async () =>
      (await succeed(workspace, 'workspace.advancedwebhook.endpoints.stats', { endpointId, since: 0 }))
        .success;

    expect(await listed()).toEqual([fresh.id, recent.id]);
    expect(await listedForEndpoint()).toEqual([fresh.id, recent.id]);
    // The worker writes a batch's counts when the batch is done, a moment after its messages.
    await waitFor(async () => (await successes()) === 2).catch(() => undefined);
    expect(await successes()).toBe(2);
    expect(
      await succeed(workspace, 'workspace.advancedwebhook.messages.attempts.get', ofMessage(recent)),
    ).toHaveLength(1);
    for (const route of [
      'workspace.advancedwebhook.messages.attempts.get',
      'workspace.advancedwebhook.messages.resend',
      'workspace.advancedwebhook.endpoints.messages.replay',
    ] as const) {
      const response = await callAs(workspace, route, ofMessage(old));
      expect({ route, error: response.json.error }).toMatchObject({ route, error: { status: 'NOT_FOUND' } });
    }
    const withoutEndpoint = await callAs(workspace, 'workspace.advancedwebhook.messages.attempts.get', {
      messageId: old.id,
      timestamp: old.timestamp,
    });
    expect(withoutEndpoint.json.error).toMatchObject({ status: 'NOT_FOUND' });

    // A shorter retention applies at once to what is stored.
    await setRetention(workspace, 1);
    expect(await listed()).toEqual([fresh.id]);
    expect(await listedForEndpoint()).toEqual([fresh.id]);
    expect(await successes()).toBe(1);
    const gone = await callAs(
      workspace,
      'workspace.advancedwebhook.messages.attempts.get',
      ofMessage(recent),
    );
    expect(gone.json.error).toMatchObject({ status: 'NOT_FOUND' });
  });
});
