import type { PublishedEvent } from '../../../shared/webhooks/event-schemas';
import { publish } from '../../../shared/webhooks/outbox';
import { callAs, succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { dataOf } from '../../support/lambda';
import { tamperedToken } from '../../support/page-tokens';
import { commentEvent, createWebhookWorkspace, messageRefOf, waitForMessage } from '../../support/webhooks';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

jest.setTimeout(120_000);

const messagesGet = 'workspace.advancedwebhook.messages.get';

const suite = deliverySuite();
beforeAll(() => {
  suite.receiver.respond((request, response) => {
    response.writeHead(request.url?.startsWith('/down') ? 500 : 204).end();
  });
});

interface LogMessage {
  messageId: string;
  eventType: string;
  timestamp: number;
  channels: string[];
  endpoints: { endpointId: string; status: string; attemptCount: number }[];
}

/**
 * A workspace with two endpoints on the receiver, `ok` (answers 204) and `down` (answers 500), and
 * three events: `first` on organization o1 / document d1 (channels), `second` a `comment.update`
 * without channels, both to both endpoints, then a test event to `ok` alone — each waited for until
 * settled (succeeded at `ok`, dead-lettered at `down` after its 4 attempts).
 */
async function seedLog() {
  const workspace = await createWebhookWorkspace();
  const endpointAt = async (path: string) =>
    (
      await succeed(workspace, 'workspace.advancedwebhook.endpoints.create', {
        url: `${suite.receiver.url}${path}`,
      })
    ).id as string;
  const ok = await endpointAt(`ok-${workspace.apiKey}`);
  const down = await endpointAt(`down-${workspace.apiKey}`);
  const settle = async (event: PublishedEvent) => {
    await publish(workspace.apiKey, event);
    await waitForMessage(messageRefOf(workspace.apiKey, ok, event), 'succeeded');
    await waitForMessage(messageRefOf(workspace.apiKey, down, event), 'dead');
  };
  const first = commentEvent({ organizationId: 'o1', documentId: 'd1' });
  await settle(first);
  const second = commentEvent({ event: 'comment.update', actionType: 'update' });
  await settle(second);
  const test = await succeed(workspace, 'workspace.webhooks.test', { endpointId: ok });
  await waitForMessage(
    messageRefOf(workspace.apiKey, ok, { id: test.messageId, timestamp: test.timestamp }),
    'succeeded',
  );
  return {
    workspace,
    ok,
    down,
    first,
    second,
    test: { id: test.messageId as string, timestamp: test.timestamp as number },
  };
}

let seeded: Awaited<ReturnType<typeof seedLog>>;
beforeAll(async () => {
  seeded = await seedLog();
});

const list = async (workspace: TestWorkspace, data: Record<string, unknown>) =>
  (await succeed(workspace, messagesGet, data)) as LogMessage[];
const idsOf = (messages: LogMessage[]) => messages.map((message) => message.messageId);

describe('workspace.advancedwebhook.messages.get', () => {
  it("lists the key's messages newest first, each event once with every endpoint's status, in one round trip", async () => {
    const { workspace, ok, down, first, second, test } = seeded;
    const response = await callAs(workspace, messagesGet, {});
    const messages = dataOf(response) as LogMessage[];
    expect(idsOf(messages)).toEqual([test.id, second.id, first.id]);
    const byEndpoint = (message: LogMessage) =>
      Object.fromEntries(message.endpoints.map(({ endpointId, ...state }) => [endpointId, state]));
    expect(messages[2]).toMatchObject({
      eventType: 'comment.add',
      timestamp: first.timestamp,
      channels: ['org.o1', 'doc.d1'],
    });
    expect(byEndpoint(messages[2]!)).toEqual({
      [ok]: { status: 'succeeded', attemptCount: 1 },
      [down]: { status: 'dead', attemptCount: 4 },
    });
    expect(messages[1]).toMatchObject({ eventType: 'comment.update', channels: [] });
    expect(messages[0]).toMatchObject({ eventType: 'webhook.test', endpoints: [{ endpointId: ok }] });
    expect(response.json.result?.nextPageToken).toBeUndefined();
    // The config and the log's Query travel with the auth read.
    expect(response.db.commands.sort()).toEqual(['GetItem', 'GetItem', 'Query']);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('keeps an event whose endpoints include the status asked for, with all its endpoints', async () => {
    const { workspace, first, second, test } = seeded;
    const dead = await list(workspace, { status: 'dead' });
    expect(idsOf(dead)).toEqual([second.id, first.id]);
    expect(dead.every((message) => message.endpoints.length === 2)).toBe(true);
    expect(idsOf(await list(workspace, { status: 'succeeded' }))).toEqual([test.id, second.id, first.id]);
    expect(await list(workspace, { status: 'pending' })).toEqual([]);
  });

  it('filters by event types, channel and event time (since and until inclusive)', async () => {
    const { workspace, first, second, test } = seeded;
    expect(idsOf(await list(workspace, { eventTypes: ['comment.update', 'webhook.test'] }))).toEqual([
      test.id,
      second.id,
    ]);
    expect(idsOf(await list(workspace, { channel: 'org.o1' }))).toEqual([first.id]);
    expect(idsOf(await list(workspace, { channel: 'doc.d2' }))).toEqual([]);
    expect(idsOf(await list(workspace, { since: second.timestamp, until: second.timestamp }))).toEqual([
      second.id,
    ]);
    expect(idsOf(await list(workspace, { until: second.timestamp - 1 }))).toEqual([first.id]);
    expect(idsOf(await list(workspace, { since: first.timestamp + 1, status: 'dead' }))).toEqual([second.id]);
    // A window that ends before anything is kept (here in 1970) holds nothing.
    expect(idsOf(await list(workspace, { until: 17 }))).toEqual([]);
  });

  it('pages by events, never splitting one, with tokens bound to the query and the key', async () => {
    const { workspace, first, second, test } = seeded;
    const seen: LogMessage[] = [];
    let pageToken: string | undefined;
    let tokens = 0;
    do {
      const response = await callAs(workspace, messagesGet, { limit: 1, ...(pageToken && { pageToken }) });
      seen.push(...(dataOf(response) as LogMessage[]));
      pageToken = response.json.result?.nextPageToken;
      if (pageToken) tokens += 1;
    } while (pageToken);
    expect(idsOf(seen)).toEqual([test.id, second.id, first.id]);
    expect(seen.map((message) => message.endpoints.length)).toEqual([1, 2, 2]);
    expect(tokens).toBe(2);

    const token = (await callAs(workspace, messagesGet, { limit: 1 })).json.result?.nextPageToken as string;
    const refused = [
      await callAs(workspace, messagesGet, { limit: 1, status: 'dead', pageToken: token }),
      await callAs(workspace, messagesGet, { limit: 1, pageToken: tamperedToken(token) }),
      await callAs(await createWebhookWorkspace(), messagesGet, { limit: 1, pageToken: token }),
    ];
    for (const response of refused) {
      expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
      expect(response.json.error?.message).toContain('pageToken');
    }
  });

  it("shows nothing of another API key's messages", async () => {
    const other = await createWebhookWorkspace();
    await succeed(other, 'workspace.advancedwebhook.endpoints.create', { url: `${suite.receiver.url}other` });
    expect(await list(other, {})).toEqual([]);
    expect(await list(other, { status: 'dead' })).toEqual([]);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 251 }, 'limit'],
    [{ status: 'failed' }, 'status'],
    [{ since: -1 }, 'since'],
    [{ since: 1e300 }, 'since'],
    [{ until: 32_503_680_000_001 }, 'until'],
    [{ since: 10, until: 9 }, 'until'],
    [{ eventTypes: [] }, 'eventTypes'],
    [{ channel: '' }, 'channel'],
    [{ pageToken: 'forged' }, 'pageToken'],
    [{ endpointId: 'ep' }, 'endpointId'],
  ])('answers INVALID_ARGUMENT naming the field for %j', async (data, field) => {
    const response = await callAs(seeded.workspace, messagesGet, data);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(response.json.error?.message).toContain(field);
  });

  it('answers FAILED_PRECONDITION while advanced webhooks are off', async () => {
    const response = await callAs(await createTestWorkspace(), messagesGet, {});
    expect(response.json.error).toMatchObject({ status: 'FAILED_PRECONDITION' });
  });
});
