import { disableFailingEndpoint } from '../../../shared/webhooks/endpoint-service';
import { publish } from '../../../shared/webhooks/outbox';
import { succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { outboxEvents } from '../../support/outbox';
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

// The harness retries at once, three times: a message is dead after 4 failed attempts.
const suite = deliverySuite();
/** Paths that answer 500 always, and paths that answer 500 to a message's first attempt only. */
const downPaths = new Set<string>();
const flakyPaths = new Set<string>();
const seen = new Set<string>();
beforeAll(() => {
  suite.receiver.respond((request, response) => {
    const first = !seen.has(`${request.url} ${request.headers['webhook-id']}`);
    seen.add(`${request.url} ${request.headers['webhook-id']}`);
    const fails = downPaths.has(request.url) || (first && flakyPaths.has(request.url));
    response.writeHead(fails ? 500 : 204).end();
  });
});

const endpointEvents = ['endpoint.created', 'endpoint.updated', 'endpoint.deleted', 'endpoint.disabled'];
const attemptEventTypes = [
  'message.attempt.failing',
  'message.attempt.exhausted',
  'message.attempt.recovered',
];

/** An endpoint on this file's receiver at a path of its own. */
const endpointAt = (workspace: TestWorkspace, name: string, fields: Record<string, unknown> = {}) =>
  endpointOnReceiver(workspace, suite.receiver.url, name, fields);

/**
 * The operational events a receiver path got, as `[type, endpointId, reason?]`, in event-time
 * order; each message once (delivery is at least once: a slow answer may be retried).
 */
const operationalAt = (path: string, types = endpointEvents) =>
  [...new Map(suite.receivedAt(path).map((request) => [request.body.id, request.body])).values()]
    .filter((message) => types.includes(message.event))
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((message) => [message.event, message.data.endpointId, message.data.reason].filter(Boolean));

describe('operational webhooks about endpoints', () => {
  it('go, once per change, only to endpoints that name them, never to the endpoint they are about', async () => {
    const workspace = await createWebhookWorkspace();
    const watcher = await endpointAt(workspace, 'watcher', { filterTypes: endpointEvents });
    const everything = await endpointAt(workspace, 'everything');
    const subject = await endpointAt(workspace, 'subject', { uid: 'subject-uid' });
    const update = (fields: Record<string, unknown>) =>
      succeed(workspace, 'workspace.advancedwebhook.endpoints.update', {
        endpointId: subject.endpointId,
        ...fields,
      });
    await update({ description: 'renamed' });
    await update({ disabled: true });
    // Disabled already: an update, not a second disable.
    await update({ disabled: true, description: 'still off' });
    await update({ disabled: false });
    // Failing for 5 days, twice: one disable (the second finds it disabled).
    expect(await disableFailingEndpoint(workspace.apiKey, subject.endpointId)).toBe(true);
    expect(await disableFailingEndpoint(workspace.apiKey, subject.endpointId)).toBe(false);
    await succeed(workspace, 'workspace.advancedwebhook.endpoints.delete', {
      endpointId: subject.endpointId,
    });

    const expected = [
      ['endpoint.created', everything.endpointId],
      ['endpoint.created', subject.endpointId],
      ['endpoint.updated', subject.endpointId],
      ['endpoint.updated', subject.endpointId],
      ['endpoint.disabled', subject.endpointId, 'manual'],
      ['endpoint.updated', subject.endpointId],
      ['endpoint.updated', subject.endpointId],
      ['endpoint.disabled', subject.endpointId, 'failing'],
      ['endpoint.deleted', subject.endpointId],
    ];
    await waitFor(() => operationalAt(watcher.path).length >= expected.length);
    expect(operationalAt(watcher.path).sort()).toEqual([...expected].sort());
    const uids = suite
      .receivedAt(watcher.path)
      .filter((request) => request.body.data.endpointId === subject.endpointId)
      .map((request) => request.body.data.endpointUid);
    expect(new Set(uids)).toEqual(new Set(['subject-uid']));

    // The endpoint without filterTypes and the subject itself got none; the watcher none about itself.
    await succeed(workspace, 'workspace.webhooks.test', { endpointId: everything.endpointId });
    await waitFor(() => suite.receivedAt(everything.path).length > 0);
    expect(operationalAt(everything.path)).toEqual([]);
    expect(operationalAt(subject.path)).toEqual([]);
    expect(operationalAt(watcher.path).some(([, endpointId]) => endpointId === watcher.endpointId)).toBe(
      false,
    );
  });

  it('about attempts: failing at the 4th failure in a row, exhausted when dead, recovered after a failure', async () => {
    const workspace = await createWebhookWorkspace();
    const watcher = await endpointAt(workspace, 'attempt-watcher', { filterTypes: attemptEventTypes });
    const down = await endpointAt(workspace, 'down', { uid: 'down-uid' });
    const flaky = await endpointAt(workspace, 'flaky');
    const fine = await endpointAt(workspace, 'fine');
    downPaths.add(`/${down.path}`);
    flakyPaths.add(`/${flaky.path}`);
    const event = commentEvent();
    await publish(workspace.apiKey, event);
    await waitForMessage(messageRefOf(workspace.apiKey, down.endpointId, event), 'dead');
    for (const { endpointId } of [flaky, fine])
      await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), 'succeeded');

    const expected = [
      ['message.attempt.failing', down.endpointId],
      ['message.attempt.exhausted', down.endpointId],
      ['message.attempt.recovered', flaky.endpointId],
    ];
    await waitFor(() => operationalAt(watcher.path, attemptEventTypes).length >= expected.length);
    expect(operationalAt(watcher.path, attemptEventTypes).sort()).toEqual(expected.sort());
    const exhausted = suite
      .receivedAt(watcher.path)
      .find((request) => request.body.event === 'message.attempt.exhausted')?.body.data;
    expect(exhausted).toEqual({
      endpointId: down.endpointId,
      endpointUid: 'down-uid',
      messageId: event.id,
      eventType: event.event,
      lastAttempt: {
        attemptId: `${event.id}.${down.endpointId}.s4`,
        statusCode: 500,
        at: expect.any(Number),
      },
    });
  });

  it('about attempts stop at one round: two endpoints that are down and watch each other', async () => {
    const workspace = await createWebhookWorkspace();
    const first = await endpointAt(workspace, 'down-first', {
      filterTypes: ['webhook.test', ...attemptEventTypes],
    });
    const second = await endpointAt(workspace, 'down-second', { filterTypes: attemptEventTypes });
    downPaths.add(`/${first.path}`);
    downPaths.add(`/${second.path}`);
    await succeed(workspace, 'workspace.webhooks.test', { endpointId: first.endpointId });
    // The test message dies at the first endpoint: failing and exhausted go to the second, and die there.
    const aboutFirst = async () =>
      (await outboxEvents(workspace.apiKey)).filter((event) => attemptEventTypes.includes(event.event));
    await waitFor(async () => (await aboutFirst()).length === 2);
    for (const event of await aboutFirst())
      await waitForMessage(messageRefOf(workspace.apiKey, second.endpointId, event), 'dead');
    // Their deaths are recorded: nothing about the second endpoint was published, so nothing goes back.
    expect((await aboutFirst()).map((event) => [event.event, event.data.endpointId]).sort()).toEqual([
      ['message.attempt.exhausted', first.endpointId],
      ['message.attempt.failing', first.endpointId],
    ]);
  });

  it("of one API key never reach another key's endpoints", async () => {
    const mine = await createWebhookWorkspace();
    const theirs = await createWebhookWorkspace();
    const theirWatcher = await endpointAt(theirs, 'their-watcher', { filterTypes: endpointEvents });
    const myWatcher = await endpointAt(mine, 'my-watcher', { filterTypes: endpointEvents });
    const created = await endpointAt(mine, 'mine');
    await waitFor(() => operationalAt(myWatcher.path).length === 1);
    expect(operationalAt(myWatcher.path)).toEqual([['endpoint.created', created.endpointId]]);
    expect(operationalAt(theirWatcher.path)).toEqual([]);
  });
});
