import { dueHandlers } from '../../../functions/workers/due-handlers';
import { logger } from '../../../shared/core/logger';
import { jobLeaseMs } from '../../../shared/reconcile/lease';
import { reconcile } from '../../../shared/reconcile/reconciler';
import type { PublishedEvent } from '../../../shared/webhooks/event-schemas';
import { findMessage } from '../../../shared/webhooks/message-repository';
import { publish } from '../../../shared/webhooks/outbox';
import type { RecoverTask } from '../../../shared/webhooks/recover-schemas';
import { findRecoverTask, insertRecoverTask } from '../../../shared/webhooks/recover-task-repository';
import { runRecover } from '../../../shared/webhooks/recover-worker';
import { callAs, succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { dataOf } from '../../support/lambda';
import { waitFor } from '../../support/poll';
import { callWithToken, statusOf } from '../../support/portal';
import {
  commentEvent,
  createWebhookWorkspace,
  endpointOnReceiver,
  messageRefOf,
  waitForMessage,
} from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';
import { crashAfter } from '../migration/support';

jest.setTimeout(180_000);

const recover = 'workspace.advancedwebhook.endpoints.recover';
const recoverStatus = 'workspace.advancedwebhook.endpoints.recover.status';

/** Paths the receiver answers 500; every other path answers 204. */
const failingPaths = new Set<string>();

const suite = deliverySuite();
beforeAll(() => {
  suite.receiver.respond((request, response) => {
    if (failingPaths.has(request.url)) response.writeHead(500).end('receiver is down');
    else response.writeHead(204).end();
  });
});

/** Scheduled attempts of a message that died once (`WEBHOOK_RETRY_SCHEDULE=0,0,0`: four). */
const attemptsToDie = 4;

/** An endpoint whose receiver is down, and `count` events a second apart whose messages to it died. */
async function deadMessages(workspace: TestWorkspace, count: number, fields: Record<string, unknown> = {}) {
  const endpoint = await endpointOnReceiver(workspace, suite.receiver.url, 'down', fields);
  failingPaths.add(`/${endpoint.path}`);
  const start = Date.now() - 60_000;
  const events: PublishedEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    const event = { ...commentEvent(), timestamp: start + index * 1000 };
    await publish(workspace.apiKey, event);
    events.push(event);
  }
  for (const event of events)
    await waitForMessage(messageRefOf(workspace.apiKey, endpoint.endpointId, event), 'dead');
  return { ...endpoint, events };
}

const messageOf = (workspace: TestWorkspace, endpointId: string, event: PublishedEvent) =>
  findMessage(messageRefOf(workspace.apiKey, endpointId, event));

/** Waits until the task has `status`; returns its status route's answer. */
async function settledTask(workspace: TestWorkspace, taskId: string, status = 'completed') {
  let found: Record<string, unknown> = {};
  await waitFor(async () => {
    found = await succeed(workspace, recoverStatus, { taskId });
    return found.status === status;
  });
  return found;
}

describe('workspace.advancedwebhook.endpoints.recover', () => {
  it("sends every dead message of the window again, once, and reports the task's progress", async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId, path, events } = await deadMessages(workspace, 4);
    failingPaths.delete(`/${path}`);
    const before = suite.receivedAt(path).length;

    // The window leaves out the first event.
    const started = await callAs(workspace, recover, { endpointId, since: events[1]!.timestamp });
    expect(statusOf(started)).toEqual([200, 'OK']);
    const { taskId } = dataOf(started) as { taskId: string };
    expect(taskId).toMatch(/^rt_[0-9a-f]{32}$/);
    // The endpoint and the config beside the auth read; then the task's PutItem (the message follows).
    expect(started.db.commands.sort()).toEqual(['GetItem', 'GetItem', 'GetItem', 'PutItem']);
    expect(started.db.serialRoundTrips).toBe(2);

    expect(await settledTask(workspace, taskId)).toEqual({
      taskId,
      status: 'completed',
      recovered: 3,
      total: 3,
    });
    for (const event of events.slice(1)) {
      const message = await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), 'succeeded');
      expect(message.attemptCount).toBe(attemptsToDie + 1);
    }
    expect((await messageOf(workspace, endpointId, events[0]!))?.status).toBe('dead');
    const delivered = suite.receivedAt(path).slice(before);
    expect(delivered.map((request) => request.headers['webhook-id']).sort()).toEqual(
      events
        .slice(1)
        .map((event) => event.id)
        .sort(),
    );

    // A second recover of the same window finds nothing dead.
    const again = await succeed(workspace, recover, { endpointId, since: events[0]!.timestamp });
    expect(await settledTask(workspace, again.taskId)).toMatchObject({ recovered: 1, total: 1 });
  });

  it('refuses bad windows naming the field, unknown or foreign endpoints and tasks, and disabled endpoints', async () => {
    const workspace = await createWebhookWorkspace();
    const other = await createWebhookWorkspace();
    const { endpointId } = await endpointOnReceiver(workspace, suite.receiver.url, 'windows');
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    for (const [data, field] of [
      [{ endpointId, since: now + 60_000 }, 'since'],
      [{ endpointId, since: now - 15 * day }, 'since'],
      [{ endpointId, since: now - day, until: now - 2 * day }, 'until'],
      [{ endpointId, since: -1 }, 'since'],
      [{ endpointId }, 'since'],
    ] as const) {
      const response = await callAs(workspace, recover, data);
      expect(statusOf(response)).toEqual([400, 'INVALID_ARGUMENT']);
      expect(response.json.error?.message).toContain(field);
    }
    expect(statusOf(await callAs(other, recover, { endpointId, since: now - day }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    const { taskId } = await succeed(workspace, recover, { endpointId, since: now - 13 * day });
    expect(statusOf(await callAs(other, recoverStatus, { taskId }))).toEqual([404, 'NOT_FOUND']);
    expect(statusOf(await callAs(workspace, recoverStatus, { taskId: 'rt_nobody' }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    // A window that ends before the oldest message kept (one day here) holds nothing: done at once.
    await succeed(workspace, 'workspace.advancedwebhookconfig.update', { messageRetentionDays: 1 });
    const old = await succeed(workspace, recover, { endpointId, since: now - 3 * day, until: now - 2 * day });
    expect(await settledTask(workspace, old.taskId)).toEqual({
      taskId: old.taskId,
      status: 'completed',
      recovered: 0,
      total: 0,
    });
    await succeed(workspace, 'workspace.advancedwebhook.endpoints.update', { endpointId, disabled: true });
    expect(statusOf(await callAs(workspace, recover, { endpointId, since: now - day }))).toEqual([
      400,
      'FAILED_PRECONDITION',
    ]);
  });

  it('takes a portal token within its scope: read-only sessions follow tasks, limited ones see only theirs', async () => {
    const workspace = await createWebhookWorkspace();
    const mine = await endpointOnReceiver(workspace, suite.receiver.url, 'mine');
    const theirs = await endpointOnReceiver(workspace, suite.receiver.url, 'theirs');
    const since = Date.now() - 60_000;
    const limited = await succeed(workspace, 'workspace.advancedwebhook.portal.session', {
      endpointIds: [mine.endpointId],
    });
    const readOnly = await succeed(workspace, 'workspace.advancedwebhook.portal.session', { readOnly: true });

    const started = await callWithToken(recover, limited.token, { endpointId: mine.endpointId, since });
    expect(statusOf(started)).toEqual([200, 'OK']);
    const myTask = (dataOf(started) as { taskId: string }).taskId;
    expect(
      statusOf(await callWithToken(recover, limited.token, { endpointId: theirs.endpointId, since })),
    ).toEqual([404, 'NOT_FOUND']);
    const theirTask = (await succeed(workspace, recover, { endpointId: theirs.endpointId, since })).taskId;
    expect(statusOf(await callWithToken(recoverStatus, limited.token, { taskId: theirTask }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(statusOf(await callWithToken(recoverStatus, limited.token, { taskId: myTask }))).toEqual([
      200,
      'OK',
    ]);

    expect(
      statusOf(await callWithToken(recover, readOnly.token, { endpointId: mine.endpointId, since })),
    ).toEqual([403, 'PERMISSION_DENIED']);
    expect(statusOf(await callWithToken(recoverStatus, readOnly.token, { taskId: theirTask }))).toEqual([
      200,
      'OK',
    ]);
  });
});

describe('the recover task', () => {
  /** A task over `endpointId`'s whole last two minutes, stored as the route stores it (no message sent). */
  async function storedTask(workspace: TestWorkspace, endpointId: string, taskId: string) {
    const now = Date.now();
    const task: RecoverTask & { leaseUntil: number } = {
      taskId,
      endpointId,
      since: now - 120_000,
      until: now,
      status: 'pending',
      total: 0,
      phase: 'counting',
      recovered: 0,
      leaseUntil: now + jobLeaseMs(),
      createdAt: now,
      updatedAt: now,
    };
    await insertRecoverTask(workspace.apiKey, task);
    return { kind: 'recover' as const, apiKey: workspace.apiKey, taskId, sentAt: now };
  }

  it('finishes after crashes at every step, reviving each message once even when it died again meanwhile', async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId, events } = await deadMessages(workspace, 5);
    const message = await storedTask(workspace, endpointId, `rt_crash_${Date.now()}`);
    const sweep = (now: number) => reconcile(dueHandlers, logger, { now });
    // The receiver stays down: a message revived and not recorded dies again before the next run,
    // and a run that redid its step without the task's mark would revive it a second time.
    let crashes = 0;
    for (let calls = 1; ; calls += 1) {
      // The crash fails every DynamoDB call of this process: the pipeline's workers wait meanwhile.
      await suite.harness.stopWorkers();
      const crash = crashAfter(calls);
      const crashed = await runRecover(message, { log: logger }, { pageSize: 2 }).then(
        () => false,
        () => true,
      );
      crash.mockRestore();
      suite.harness.startWorkers();
      if (!crashed) break;
      crashes += 1;
      // An attempt task lost in the crash: the reconciler sends it once the message is overdue.
      await sweep(Date.now() + 10 * 60_000);
      await waitFor(async () => {
        const messages = await Promise.all(events.map((event) => messageOf(workspace, endpointId, event)));
        return messages.every((stored) => stored?.status === 'dead');
      });
    }
    expect(crashes).toBeGreaterThan(5);
    const task = await findRecoverTask(workspace.apiKey, message.taskId);
    expect(task).toMatchObject({ status: 'completed', recovered: 5, total: 5 });
    await waitFor(async () => {
      const messages = await Promise.all(events.map((event) => messageOf(workspace, endpointId, event)));
      return messages.every((stored) => stored?.status === 'dead');
    });
    for (const event of events) {
      const stored = await messageOf(workspace, endpointId, event);
      // Died, revived once, died again: twice the schedule's attempts.
      expect([event.id, stored?.attemptCount]).toEqual([event.id, 2 * attemptsToDie]);
    }
  });

  it('is resumed by the reconciler when its lease runs out, and paces itself by the endpoint rate limit', async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId, path, events } = await deadMessages(workspace, 5, { rateLimit: 2 });
    failingPaths.delete(`/${path}`);
    const message = await storedTask(workspace, endpointId, `rt_paced_${Date.now()}`);
    // Two messages a second, a one-second pace: the run revives two, then hands over.
    await runRecover(message, { log: logger }, { pageSize: 1, paceSeconds: 1 });
    const paced = await findRecoverTask(workspace.apiKey, message.taskId);
    expect(paced).toMatchObject({ status: 'in_progress', recovered: 2, total: 5 });
    // The hand-over's message (on the queue's worker) finishes it.
    await waitFor(
      async () => (await findRecoverTask(workspace.apiKey, message.taskId))?.status === 'completed',
    );
    for (const event of events)
      await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), 'succeeded');

    // A task whose message was lost: overdue, the reconciler resumes it once, and its run completes it.
    const lost = await storedTask(workspace, endpointId, `rt_lost_${Date.now()}`);
    const leaseEnd = lost.sentAt + jobLeaseMs();
    const sweep = (now: number) => reconcile(dueHandlers, logger, { now });
    expect((await sweep(lost.sentAt + 1000)).webhookRecoverTask).toBeUndefined();
    const raced = await Promise.all([sweep(leaseEnd + 5000), sweep(leaseEnd + 5000)]);
    expect((raced[0].webhookRecoverTask ?? 0) + (raced[1].webhookRecoverTask ?? 0)).toBe(1);
    await waitFor(async () => (await findRecoverTask(workspace.apiKey, lost.taskId))?.status === 'completed');
    expect(await findRecoverTask(workspace.apiKey, lost.taskId)).toMatchObject({ recovered: 0, total: 0 });
  });
});
