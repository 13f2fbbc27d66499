import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { RouteName } from '../../../shared/api/routes';
import { updateWebhookConfig } from '../../../shared/settings/webhook-config-service';
import { createEndpoint, getEndpointSecret } from '../../../shared/webhooks/endpoint-service';
import { publish } from '../../../shared/webhooks/outbox';
import { callAs, succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { dataOf } from '../../support/lambda';
import { waitFor } from '../../support/poll';
import { commentEvent, createWebhookWorkspace, messageRefOf, waitForMessage } from '../../support/webhooks';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

jest.setTimeout(90_000);

/** Paths that answer 500 with a body; every other path answers 204. */
const failingPaths = new Set<string>();

const suite = deliverySuite();
beforeAll(async () => {
  suite.receiver.respond((request, response) => {
    if (failingPaths.has(request.url)) response.writeHead(500).end('receiver is down');
    else response.writeHead(204).end();
  });
});

const { receivedAt } = suite;

const messagesGet = 'workspace.advancedwebhook.endpoints.messages.get';
const messagesReplay = 'workspace.advancedwebhook.endpoints.messages.replay';
const webhooksTest = 'workspace.webhooks.test';

/** An endpoint on the receiver at a path of its own; `failing` makes the receiver answer it 500. */
async function endpointAt(workspace: TestWorkspace, name: string, failing = false) {
  const path = `${name}-${workspace.apiKey}`;
  if (failing) failingPaths.add(`/${path}`);
  const endpoint = await createEndpoint(workspace.apiKey, { url: `${suite.receiver.url}${path}` });
  return { endpointId: endpoint.id, path };
}

/** Publishes an event and waits until its delivery to the endpoint is dead-lettered (4 attempts). */
async function publishUntilDead(workspace: TestWorkspace, endpointId: string) {
  const event = commentEvent();
  await publish(workspace.apiKey, event);
  const ref = messageRefOf(workspace.apiKey, endpointId, event);
  await waitForMessage(ref, 'dead');
  return { event, ref };
}

async function expectError(workspace: TestWorkspace, route: RouteName, data: unknown, status: string) {
  const response = await callAs(workspace, route, data);
  expect(response.json.error).toMatchObject({ status });
  return response.json.error!.message;
}

describe('workspace.advancedwebhook.endpoints.messages.get and .replay', () => {
  it('lists messages newest first with every attempt, paged; replaying a dead one delivers it with the same webhook-id', async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId, path } = await endpointAt(workspace, 'down', true);
    const older = await publishUntilDead(workspace, endpointId);
    const newer = await publishUntilDead(workspace, endpointId);

    const first = await callAs(workspace, messagesGet, { endpointId, limit: 1 });
    expect(first.db.commands.sort()).toEqual(['GetItem', 'GetItem', 'GetItem', 'Query']);
    // Config, endpoint and page all travel with the auth read (prefetch).
    expect(first.db.serialRoundTrips).toBe(1);
    const firstPage = dataOf(first);
    const [message] = firstPage.messages;
    expect(message).toMatchObject({ messageId: newer.event.id, status: 'dead', attemptCount: 4 });
    expect(message.attempts).toHaveLength(4);
    expect(message.attempts[0]).toEqual({
      attempt: 1,
      status: 'failure',
      statusCode: 500,
      durationMs: expect.any(Number),
      response: 'receiver is down',
      timestamp: expect.any(String),
    });
    const second = await succeed(workspace, messagesGet, {
      endpointId,
      limit: 1,
      pageToken: firstPage.pageToken,
    });
    expect(second.messages.map((entry: { messageId: string }) => entry.messageId)).toEqual([older.event.id]);
    expect(second.pageToken).toBeNull();

    failingPaths.delete(`/${path}`);
    const replay = { endpointId, messageId: older.event.id, timestamp: older.event.timestamp };
    const replayed = await callAs(workspace, messagesReplay, replay);
    expect(dataOf(replayed)).toMatchObject({ status: 'pending' });
    // Config and endpoint beside the auth read, then the conditional update and the endpoint's
    // status counts (dead → sending).
    expect(replayed.db.commands).toEqual(['GetItem', 'GetItem', 'GetItem', 'UpdateItem', 'UpdateItem']);
    expect(replayed.db.serialRoundTrips).toBe(3);
    await waitForMessage(older.ref, 'succeeded');
    const requests = receivedAt(path);
    expect(requests).toHaveLength(9);
    expect(requests.at(-1)?.headers['webhook-id']).toBe(older.event.id);

    const replayedAgain = await expectError(workspace, messagesReplay, replay, 'FAILED_PRECONDITION');
    expect(replayedAgain).toContain('succeeded');
    await expectError(workspace, messagesReplay, { ...replay, messageId: 'evt_unknown' }, 'NOT_FOUND');
  });

  it.each([
    [messagesGet, { endpointId: 'ep', limit: 0 }, 'limit'],
    [messagesGet, { endpointId: 'ep', pageToken: 'forged' }, 'pageToken'],
    [messagesReplay, { endpointId: 'ep', messageId: 'evt' }, 'timestamp'],
    [webhooksTest, { endpointId: 7 }, 'endpointId'],
  ] as const)('%s answers INVALID_ARGUMENT naming the field for %j', async (route, data, field) => {
    const message = await expectError(await createWebhookWorkspace(), route, data, 'INVALID_ARGUMENT');
    expect(message).toContain(field);
  });

  it("answers NOT_FOUND for another API key's endpoint, FAILED_PRECONDITION while advanced webhooks are off", async () => {
    const owner = await createWebhookWorkspace();
    const other = await createWebhookWorkspace();
    const { endpointId } = await endpointAt(owner, 'private');
    const replay = { endpointId, messageId: 'evt_x', timestamp: 1 };
    await expectError(other, messagesGet, { endpointId }, 'NOT_FOUND');
    await expectError(other, messagesReplay, replay, 'NOT_FOUND');
    await expectError(other, webhooksTest, { endpointId }, 'NOT_FOUND');
    const off = await createTestWorkspace();
    for (const [route, data] of [
      [messagesGet, { endpointId }],
      [messagesReplay, replay],
      [webhooksTest, { endpointId }],
    ] as const)
      await expectError(off, route, data, 'FAILED_PRECONDITION');
  });
});

describe('workspace.webhooks.test', () => {
  it('sends a signed webhook.test event to one endpoint', async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId, path } = await endpointAt(workspace, 'tested');
    await endpointAt(workspace, 'bystander');
    const response = await callAs(workspace, webhooksTest, { endpointId });
    const sent = dataOf(response);
    // Config and endpoint beside the auth read, then the delivery write and the endpoint's status
    // counts (a new pending message).
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'GetItem', 'PutItem', 'UpdateItem']);
    expect(response.db.serialRoundTrips).toBe(3);
    await waitFor(() => receivedAt(path).length === 1);
    const [request] = receivedAt(path);
    const headers = request!.headers as Record<string, string>;
    const secret = (await getEndpointSecret(workspace.apiKey, endpointId)).secret as string;
    expect(new StandardWebhook(secret).verify(request!.raw, headers)).toMatchObject({
      id: sent.messageId,
      event: 'webhook.test',
      webhookId: endpointId,
    });
    expect(receivedAt(`bystander-${workspace.apiKey}`)).toHaveLength(0);
  });

  it('sends to the basic-webhook URLs without endpointId, and refuses when none is configured', async () => {
    const workspace = await createTestWorkspace();
    await expectError(workspace, webhooksTest, {}, 'FAILED_PRECONDITION');
    await updateWebhookConfig(workspace.apiKey, {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'basic-secret',
        rawNotificationUrl: `${suite.receiver.url}basic-${workspace.apiKey}`,
      },
    });
    const sent = await succeed(workspace, webhooksTest, {});
    await waitFor(() => receivedAt(`basic-${workspace.apiKey}`).length === 1);
    const [request] = receivedAt(`basic-${workspace.apiKey}`);
    expect(request!.headers.authorization).toBe('Basic basic-secret');
    expect(request!.body).toMatchObject({ id: sent.messageId, event: 'webhook.test' });
  });
});
