import { Webhook as StandardWebhook } from 'standardwebhooks';
import { logger } from '../../../shared/core/logger';
import { processManualAttempt } from '../../../shared/webhooks/delivery/manual-attempt';
import { readTargetsOf } from '../../../shared/webhooks/delivery/target-reads';
import { getEndpointSecret } from '../../../shared/webhooks/endpoint-service';
import type { PublishedEvent } from '../../../shared/webhooks/event-schemas';
import { findMessage } from '../../../shared/webhooks/message-repository';
import type { MessageRecord } from '../../../shared/webhooks/message-schemas';
import { publish } from '../../../shared/webhooks/outbox';
import { callAs, succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { dataOf } from '../../support/lambda';
import { waitFor } from '../../support/poll';
import {
  commentEvent,
  createWebhookWorkspace,
  endpointOnReceiver,
  messageRefOf,
  waitForMessage,
} from '../../support/webhooks';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

jest.setTimeout(120_000);

const attemptsGet = 'workspace.advancedwebhook.messages.attempts.get';
const resend = 'workspace.advancedwebhook.messages.resend';
const payloadGet = 'workspace.advancedwebhook.messages.payload.get';

/** Paths the receiver answers 500; every other path answers 204. */
const failingPaths = new Set<string>();

const suite = deliverySuite();
beforeAll(() => {
  suite.receiver.respond((request, response) => {
    if (failingPaths.has(request.url)) response.writeHead(500).end('receiver is down');
    else response.writeHead(204).end();
  });
});

/** An endpoint on this file's receiver at a path of its own. */
const endpointAt = (workspace: TestWorkspace, name: string, fields: Record<string, unknown> = {}) =>
  endpointOnReceiver(workspace, suite.receiver.url, name, fields);

/** Publishes an event and waits until its message to each endpoint has the status given. */
async function publishAndSettle(workspace: TestWorkspace, settled: Record<string, MessageRecord['status']>) {
  const event = commentEvent();
  await publish(workspace.apiKey, event);
  for (const [endpointId, status] of Object.entries(settled))
    await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), status);
  return event;
}

/**
 * A workspace with two endpoints, `ok` (answered 204) and `down` (answered 500), and an event whose
 * messages have settled: succeeded at `ok`, dead-lettered at `down`.
 */
async function oneEventToOkAndDown() {
  const workspace = await createWebhookWorkspace();
  const ok = await endpointAt(workspace, 'ok');
  const down = await endpointAt(workspace, 'down');
  failingPaths.add(`/${down.path}`);
  const event = await publishAndSettle(workspace, {
    [ok.endpointId]: 'succeeded',
    [down.endpointId]: 'dead',
  });
  return { workspace, ok, down, event };
}

const messageOf = (
  workspace: TestWorkspace,
  endpointId: string,
  event: Pick<PublishedEvent, 'id' | 'timestamp'>,
) => findMessage(messageRefOf(workspace.apiKey, endpointId, event)) as Promise<MessageRecord>;

const target = (event: PublishedEvent, endpointId: string) => ({
  messageId: event.id,
  timestamp: event.timestamp,
  endpointId,
});

describe('workspace.advancedwebhook.messages.payload.get', () => {
  it('answers a message as its endpoint received it, in one round trip beside auth', async () => {
    const { workspace, ok, down, event } = await oneEventToOkAndDown();
    const response = await callAs(workspace, payloadGet, target(event, ok.endpointId));
    const received = suite.receivedAt(ok.path).find((request) => request.body.id === event.id);
    expect(dataOf(response)).toEqual({
      messageId: event.id,
      endpointId: ok.endpointId,
      eventType: 'comment.add',
      timestamp: event.timestamp,
      payload: received?.body,
    });
    expect(response.db.commands.sort()).toEqual(['GetItem', 'GetItem', 'GetItem']);
    expect(response.db.serialRoundTrips).toBe(1);
    // A dead message's payload too: what the endpoint would have received.
    expect(dataOf(await callAs(workspace, payloadGet, target(event, down.endpointId))).payload).toEqual({
      ...received?.body,
      webhookId: down.endpointId,
    });
  });

  it("answers NOT_FOUND for an unknown message and for another API key's", async () => {
    const { workspace, ok, event } = await oneEventToOkAndDown();
    const other = await createWebhookWorkspace();
    for (const [caller, data] of [
      [workspace, { ...target(event, ok.endpointId), messageId: 'evt_nothing' }],
      [workspace, { ...target(event, ok.endpointId), timestamp: event.timestamp + 1 }],
      [other, target(event, ok.endpointId)],
    ] as const)
      expect((await callAs(caller, payloadGet, data)).json.error?.status).toBe('NOT_FOUND');
    const missing = await callAs(workspace, payloadGet, { messageId: event.id, timestamp: event.timestamp });
    expect(missing.json.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('endpointId'),
    });
  });
});

describe('workspace.advancedwebhook.messages.attempts.get', () => {
  it("lists a message's attempts to one endpoint, or to all of them, newest first", async () => {
    const { workspace, ok, down, event } = await oneEventToOkAndDown();

    const one = await callAs(workspace, attemptsGet, target(event, down.endpointId));
    const attempts = dataOf(one);
    expect(attempts.map((attempt: { attemptId: string }) => attempt.attemptId)).toEqual(
      [4, 3, 2, 1].map((number) => `${event.id}.${down.endpointId}.s${number}`),
    );
    expect(attempts[0]).toEqual({
      attemptId: `${event.id}.${down.endpointId}.s4`,
      endpointId: down.endpointId,
      at: expect.any(Number),
      status: 'failure',
      statusCode: 500,
      durationMs: expect.any(Number),
      response: 'receiver is down',
      trigger: 'scheduled',
    });
    // The config and the message beside the auth read.
    expect(one.db.commands.sort()).toEqual(['GetItem', 'GetItem', 'GetItem']);
    expect(one.db.serialRoundTrips).toBe(1);

    const all = await callAs(workspace, attemptsGet, { messageId: event.id, timestamp: event.timestamp });
    const both = dataOf(all) as { endpointId: string; at: number; status: string }[];
    expect(both).toHaveLength(5);
    expect(both.filter((attempt) => attempt.endpointId === ok.endpointId)).toMatchObject([
      { status: 'success' },
    ]);
    expect(both.map((attempt) => attempt.at)).toEqual(
      [...both.map((attempt) => attempt.at)].sort((a, b) => b - a),
    );
    // The event's log entries beside the auth read, then its messages.
    expect(all.db.commands.sort()).toEqual(['BatchGetItem', 'GetItem', 'GetItem', 'Query']);
    expect(all.db.serialRoundTrips).toBe(2);
  });

  it("answers NOT_FOUND for an unknown message and for another API key's", async () => {
    const owner = await createWebhookWorkspace();
    const { endpointId } = await endpointAt(owner, 'private');
    const event = await publishAndSettle(owner, { [endpointId]: 'succeeded' });
    const other = await createWebhookWorkspace();
    for (const [workspace, data] of [
      [owner, { messageId: 'evt_unknown', timestamp: event.timestamp }],
      [owner, { ...target(event, endpointId), timestamp: event.timestamp + 1 }],
      [other, target(event, endpointId)],
      [other, { messageId: event.id, timestamp: event.timestamp }],
    ] as const) {
      const response = await callAs(workspace, attemptsGet, data);
      expect(response.json.error).toMatchObject({ status: 'NOT_FOUND' });
    }
  });
});

describe('workspace.advancedwebhook.messages.resend', () => {
  it('makes one manual attempt with the same webhook-id: a dead message that now succeeds turns succeeded', async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId, path } = await endpointAt(workspace, 'recovering');
    failingPaths.add(`/${path}`);
    const event = await publishAndSettle(workspace, { [endpointId]: 'dead' });
    failingPaths.delete(`/${path}`);

    const response = await callAs(workspace, resend, target(event, endpointId));
    const { attemptId } = dataOf(response);
    expect(attemptId).toBe(`${event.id}.${endpointId}.m1`);
    // The endpoint and the config beside the auth read, then the attempt's number (the task goes to SQS).
    expect(response.db.commands).toEqual(['GetItem', 'GetItem', 'GetItem', 'UpdateItem']);
    expect(response.db.serialRoundTrips).toBe(2);

    await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), 'succeeded');
    const requests = suite.receivedAt(path);
    expect(requests).toHaveLength(5);
    const last = requests.at(-1)!;
    const secret = (await getEndpointSecret(workspace.apiKey, endpointId)).secret as string;
    expect(
      new StandardWebhook(secret).verify(last.raw, last.headers as Record<string, string>),
    ).toMatchObject({
      id: event.id,
    });
    const [manual] = await succeed(workspace, attemptsGet, target(event, endpointId));
    expect(manual).toMatchObject({ attemptId, trigger: 'manual', status: 'success', statusCode: 204 });
    const [logged] = await succeed(workspace, 'workspace.advancedwebhook.messages.get', {});
    expect(logged.endpoints).toEqual([{ endpointId, status: 'succeeded', attemptCount: 5 }]);
    // The retry schedule is left alone: no scheduled attempt follows the manual one.
    expect(await messageOf(workspace, endpointId, event)).toMatchObject({ attemptCount: 4, manualCount: 1 });

    // A duplicate of the attempt's task (SQS delivers at least once) makes no second attempt.
    const task = { ...messageRefOf(workspace.apiKey, endpointId, event), attempt: 1, manual: true as const };
    await processManualAttempt(task, readTargetsOf([task]), logger);
    expect(suite.receivedAt(path)).toHaveLength(5);
    expect(await messageOf(workspace, endpointId, event)).toMatchObject({ manualCount: 1 });
  });

  it('resends a succeeded message, and a failing manual attempt leaves a dead message dead', async () => {
    const { workspace, ok, down, event } = await oneEventToOkAndDown();

    await succeed(workspace, resend, target(event, ok.endpointId));
    await succeed(workspace, resend, target(event, down.endpointId));
    await waitFor(async () => (await messageOf(workspace, ok.endpointId, event)).manualCount === 1);
    await waitFor(async () => (await messageOf(workspace, down.endpointId, event)).manualCount === 1);
    expect(suite.receivedAt(ok.path).map((request) => request.headers['webhook-id'])).toEqual([
      event.id,
      event.id,
    ]);
    expect(await messageOf(workspace, ok.endpointId, event)).toMatchObject({
      status: 'succeeded',
      attemptCount: 1,
    });
    const dead = await messageOf(workspace, down.endpointId, event);
    expect(dead).toMatchObject({ status: 'dead', attemptCount: 4 });
    expect(dead.attempts.at(-1)).toMatchObject({ trigger: 'manual', outcome: 'failure', statusCode: 500 });
  });

  it('takes turns with the scheduled attempts of a pending message', async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId, path } = await endpointAt(workspace, 'pending');
    await suite.harness.stopWorkers();
    const event = commentEvent();
    try {
      await publish(workspace.apiKey, event);
      await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), 'pending');
      await succeed(workspace, resend, target(event, endpointId));
    } finally {
      suite.harness.startWorkers();
    }
    await waitFor(async () => {
      const message = await messageOf(workspace, endpointId, event);
      return message.status === 'succeeded' && message.manualCount === 1;
    });
    // Whichever claimed the message first went first; a scheduled attempt that comes second finds
    // the message succeeded and is not made, a manual one is made whatever the status.
    const message = await messageOf(workspace, endpointId, event);
    expect(message.attempts).toHaveLength(message.attemptCount + 1);
    expect(message.attempts.filter((attempt) => attempt.trigger === 'manual')).toHaveLength(1);
    const requests = suite.receivedAt(path);
    expect(requests.map((request) => request.headers['webhook-id'])).toEqual(
      message.attempts.map(() => event.id),
    );
  });

  it("keeps to the endpoint's rate limit", async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId, path } = await endpointAt(workspace, 'limited', { rateLimit: 1 });
    const events = [];
    for (let index = 0; index < 3; index += 1)
      events.push(await publishAndSettle(workspace, { [endpointId]: 'succeeded' }));
    const before = suite.receivedAt(path).length;
    await Promise.all(events.map((event) => succeed(workspace, resend, target(event, endpointId))));
    await waitFor(() => suite.receivedAt(path).length === before + 3);
    const arrivals = suite
      .receivedAt(path)
      .slice(before)
      .map((request) => request.at);
    // One send a second at most: consecutive resends arrive about a second apart, never together.
    for (let index = 1; index < arrivals.length; index += 1)
      expect(arrivals[index]! - arrivals[index - 1]!).toBeGreaterThanOrEqual(900);
  });

  it('answers NOT_FOUND, FAILED_PRECONDITION and INVALID_ARGUMENT without writing anything', async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId } = await endpointAt(workspace, 'checked');
    const event = await publishAndSettle(workspace, { [endpointId]: 'succeeded' });
    const other = await createWebhookWorkspace();
    const otherEndpoint = await endpointAt(other, 'foreign');
    const disabled = await endpointAt(workspace, 'disabled', { disabled: true });
    const cases = [
      [workspace, { ...target(event, endpointId), messageId: 'evt_unknown' }, 'NOT_FOUND', 'evt_unknown'],
      [workspace, target(event, otherEndpoint.endpointId), 'NOT_FOUND', otherEndpoint.endpointId],
      [other, target(event, endpointId), 'NOT_FOUND', endpointId],
      [workspace, target(event, disabled.endpointId), 'FAILED_PRECONDITION', 'disabled'],
      [await createTestWorkspace(), target(event, endpointId), 'FAILED_PRECONDITION', 'not enabled'],
      [workspace, { messageId: event.id, endpointId }, 'INVALID_ARGUMENT', 'timestamp'],
      [workspace, { timestamp: event.timestamp, endpointId }, 'INVALID_ARGUMENT', 'messageId'],
      [workspace, { messageId: event.id, timestamp: event.timestamp }, 'INVALID_ARGUMENT', 'endpointId'],
      [workspace, { ...target(event, endpointId), timestamp: -1 }, 'INVALID_ARGUMENT', 'timestamp'],
    ] as const;
    for (const [caller, data, status, named] of cases) {
      const response = await callAs(caller, resend, data);
      expect({ data, error: response.json.error }).toMatchObject({ data, error: { status } });
      expect(response.json.error?.message).toContain(named);
      // Refused before any write, but for the unknown message: its conditional update writes nothing.
      if (named !== 'evt_unknown')
        expect(response.db.commands.every((command) => command === 'GetItem')).toBe(true);
    }
    const message = await messageOf(workspace, endpointId, event);
    expect(message).toMatchObject({ manualCount: 0, attemptCount: 1 });
    expect(message.attempts).toHaveLength(1);
  });
});
