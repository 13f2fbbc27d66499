import { isDeepStrictEqual } from 'node:util';
import type { PublishedEvent } from '../../../shared/webhooks/event-schemas';
import { findMessage } from '../../../shared/webhooks/message-repository';
import { publish } from '../../../shared/webhooks/outbox';
import { statsBucketMs } from '../../../shared/webhooks/stats-repository';
import { callAs, succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { dataOf } from '../../support/lambda';
import { waitFor } from '../../support/poll';
import { commentEvent, createWebhookWorkspace, messageRefOf, waitForMessage } from '../../support/webhooks';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

jest.setTimeout(180_000);

const stats = 'workspace.advancedwebhook.endpoints.stats';

/** Paths the receiver answers 500; every other path answers 204. */
const failingPaths = new Set<string>();

// One retry, five minutes after a failed first attempt: a failed message stays `sending` for the file.
const suite = deliverySuite({ env: { WEBHOOK_RETRY_SCHEDULE: '300' } });
beforeAll(() => {
  suite.receiver.respond((request, response) => {
    response.writeHead(failingPaths.has(request.url) ? 500 : 204).end();
  });
});

async function endpointAt(workspace: TestWorkspace, name: string) {
  const path = `${name}-${workspace.apiKey}`;
  const endpoint = await succeed(workspace, 'workspace.advancedwebhook.endpoints.create', {
    url: `${suite.receiver.url}${path}`,
  });
  return { endpointId: endpoint.id as string, path };
}

const countsOf = async (workspace: TestWorkspace, endpointId: string, since?: number) => {
  const { success, fail, pending, sending } = await succeed(workspace, stats, {
    endpointId,
    ...(since !== undefined && { since }),
  });
  return { success, fail, pending, sending };
};

/**
 * Waits until an endpoint's stats read `expected`, then checks them: the fan-out and the worker
 * write a batch's counts when the batch is done, a moment after its messages (decisions §74a).
 */
async function expectCounts(workspace: TestWorkspace, endpointId: string, expected: Record<string, number>) {
  await waitFor(async () => isDeepStrictEqual(await countsOf(workspace, endpointId), expected)).catch(
    () => undefined,
  );
  expect(await countsOf(workspace, endpointId)).toEqual(expected);
}

const counts = (values: Partial<{ success: number; fail: number; pending: number; sending: number }>) => ({
  success: 0,
  fail: 0,
  pending: 0,
  sending: 0,
  ...values,
});

describe('workspace.advancedwebhook.endpoints.stats', () => {
  it("counts an endpoint's messages by status as they move: pending, sending, success, fail", async () => {
    const workspace = await createWebhookWorkspace();
    const ok = await endpointAt(workspace, 'ok');
    const flaky = await endpointAt(workspace, 'flaky');
    const doomed = await endpointAt(workspace, 'doomed');
    failingPaths.add(`/${flaky.path}`);
    const refOf = (endpointId: string, event: PublishedEvent) =>
      messageRefOf(workspace.apiKey, endpointId, event);
    const tried = async (endpointId: string, event: PublishedEvent) =>
      waitFor(async () => ((await findMessage(refOf(endpointId, event)))?.attemptCount ?? 0) > 0);

    const first = commentEvent();
    await publish(workspace.apiKey, first);
    await waitForMessage(refOf(ok.endpointId, first), 'succeeded');
    await waitForMessage(refOf(doomed.endpointId, first), 'succeeded');
    await tried(flaky.endpointId, first);

    await suite.harness.stopWorkers();
    const second = commentEvent();
    try {
      await publish(workspace.apiKey, second);
      for (const endpoint of [ok, flaky, doomed])
        await waitForMessage(refOf(endpoint.endpointId, second), 'pending');
      await expectCounts(workspace, ok.endpointId, counts({ success: 1, pending: 1 }));
      await expectCounts(workspace, flaky.endpointId, counts({ sending: 1, pending: 1 }));
      // A disabled endpoint's waiting message is dead-lettered at its attempt.
      await succeed(workspace, 'workspace.advancedwebhook.endpoints.update', {
        endpointId: doomed.endpointId,
        disabled: true,
      });
    } finally {
      suite.harness.startWorkers();
    }
    await waitForMessage(refOf(ok.endpointId, second), 'succeeded');
    await waitForMessage(refOf(doomed.endpointId, second), 'dead');
    await tried(flaky.endpointId, second);
    await expectCounts(workspace, ok.endpointId, counts({ success: 2 }));
    await expectCounts(workspace, flaky.endpointId, counts({ sending: 2 }));
    await expectCounts(workspace, doomed.endpointId, counts({ success: 1, fail: 1 }));

    // A replay moves a dead message back, a resend that succeeds ends a retrying one.
    await succeed(workspace, 'workspace.advancedwebhook.endpoints.update', {
      endpointId: doomed.endpointId,
      disabled: false,
    });
    await succeed(workspace, 'workspace.advancedwebhook.endpoints.messages.replay', {
      endpointId: doomed.endpointId,
      messageId: second.id,
      timestamp: second.timestamp,
    });
    await waitForMessage(refOf(doomed.endpointId, second), 'succeeded');
    failingPaths.delete(`/${flaky.path}`);
    await succeed(workspace, 'workspace.advancedwebhook.messages.resend', {
      endpointId: flaky.endpointId,
      messageId: first.id,
      timestamp: first.timestamp,
    });
    await waitForMessage(refOf(flaky.endpointId, first), 'succeeded');
    await expectCounts(workspace, doomed.endpointId, counts({ success: 2 }));
    await expectCounts(workspace, flaky.endpointId, counts({ success: 1, sending: 1 }));
  });

  it('counts from the 5-minute bucket of `since` (default a day ago, never past the retention), in one round trip', async () => {
    const workspace = await createWebhookWorkspace();
    const { endpointId } = await endpointAt(workspace, 'counted');
    const event = commentEvent();
    await publish(workspace.apiKey, event);
    await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), 'succeeded');
    await expectCounts(workspace, endpointId, counts({ success: 1 }));

    const before = Date.now();
    const response = await callAs(workspace, stats, { endpointId });
    const answer = dataOf(response);
    expect(answer).toMatchObject({ success: 1, fail: 0, pending: 0, sending: 0 });
    expect(answer.since % statsBucketMs).toBe(0);
    expect(before - 24 * 60 * 60 * 1000 - answer.since).toBeLessThan(statsBucketMs + 1000);
    // Endpoint, config and counters beside the auth read.
    expect(response.db.commands.sort()).toEqual(['GetItem', 'GetItem', 'GetItem', 'Query']);
    expect(response.db.serialRoundTrips).toBe(1);

    const later = event.timestamp + 2 * statsBucketMs;
    expect(await succeed(workspace, stats, { endpointId, since: later })).toEqual({
      ...counts({}),
      since: Math.floor(later / statsBucketMs) * statsBucketMs,
    });
    const sinceEver = await succeed(workspace, stats, { endpointId, since: 0 });
    expect(sinceEver.success).toBe(1);
    const thirtyDaysAgo = Date.now() - 30 * 24 * 60 * 60 * 1000;
    expect(sinceEver.since).toBeGreaterThanOrEqual(thirtyDaysAgo - 1000);
    expect(sinceEver.since - thirtyDaysAgo).toBeLessThan(statsBucketMs);
  });

  it("answers NOT_FOUND for another API key's endpoint, INVALID_ARGUMENT naming the field, FAILED_PRECONDITION while off", async () => {
    const owner = await createWebhookWorkspace();
    const { endpointId } = await endpointAt(owner, 'private');
    const cases = [
      [await createWebhookWorkspace(), { endpointId }, 'NOT_FOUND', endpointId],
      [owner, { endpointId: 'ep_missing' }, 'NOT_FOUND', 'ep_missing'],
      [owner, {}, 'INVALID_ARGUMENT', 'endpointId'],
      [owner, { endpointId, since: -5 }, 'INVALID_ARGUMENT', 'since'],
      [owner, { endpointId, since: 'yesterday' }, 'INVALID_ARGUMENT', 'since'],
      [await createTestWorkspace(), { endpointId }, 'FAILED_PRECONDITION', 'not enabled'],
    ] as const;
    for (const [caller, data, status, named] of cases) {
      const response = await callAs(caller, stats, data);
      expect({ data, error: response.json.error }).toMatchObject({ data, error: { status } });
      expect(response.json.error?.message).toContain(named);
    }
  });
});
