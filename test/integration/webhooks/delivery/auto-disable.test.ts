import { disableAfterFailingMs } from '../../../../shared/webhooks/delivery/attempt';
import { recordEndpointFailure } from '../../../../shared/webhooks/delivery/endpoint-state';
import { changeEndpoint, createEndpoint } from '../../../../shared/webhooks/endpoint-service';
import { findMessage } from '../../../../shared/webhooks/message-repository';
import { endpointTarget } from '../../../../shared/webhooks/message-schemas';
import { publish } from '../../../../shared/webhooks/outbox';
import { succeed } from '../../../support/api';
import { deliverySuite } from '../../../support/delivery';
import { waitFor } from '../../../support/poll';
import { commentEvent, createWebhookWorkspace, waitForMessage } from '../../../support/webhooks';
import type { TestWorkspace } from '../../../support/workspaces';

jest.setTimeout(90_000);

const suite = deliverySuite();
beforeAll(async () => {
  // Paths starting `/failing` answer 500, everything else 204.
  suite.receiver.respond((request, response) =>
    response.writeHead(request.url.startsWith('/failing') ? 500 : 204).end(),
  );
});

const { receivedAt } = suite;
const newEvent = () => commentEvent({ organizationId: 'o' });

/** A failure history just past the limit: the endpoint has been failing, without a success, for over 5 days. */
const failingForOverFiveDays = (workspace: TestWorkspace, endpointId: string) =>
  recordEndpointFailure(workspace.apiKey, endpointId, Date.now() - disableAfterFailingMs - 60_000);

/** The endpoint as the endpoints get route shows it. */
async function endpointView(workspace: TestWorkspace, endpointId: string) {
  const page = await succeed(workspace, 'workspace.advancedwebhook.endpoints.get', { limit: 250 });
  return page.endpoints.find((endpoint: { id: string }) => endpoint.id === endpointId);
}

const refOf = (workspace: TestWorkspace, endpointId: string, event: { id: string; timestamp: number }) => ({
  apiKey: workspace.apiKey,
  targetId: endpointTarget(endpointId),
  eventTimestamp: event.timestamp,
  eventId: event.id,
});

describe('endpoint auto-disable', () => {
  it('disables an endpoint whose next failure comes after 5 days of failing, and sends it nothing more', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await createEndpoint(workspace.apiKey, {
      url: `${suite.receiver.url}failing-${workspace.apiKey}`,
    });
    await failingForOverFiveDays(workspace, endpoint.id);

    const event = newEvent();
    await publish(workspace.apiKey, event);
    const ref = refOf(workspace, endpoint.id, event);
    // The failed attempt disables the endpoint; its retry is then dead-lettered without a request.
    await waitForMessage(ref, 'dead');
    expect(await findMessage(ref)).toMatchObject({ attemptCount: 1, reason: 'the endpoint is disabled' });
    expect(await endpointView(workspace, endpoint.id)).toMatchObject({ disabled: true });

    await publish(workspace.apiKey, newEvent());
    const sentinel = await createEndpoint(workspace.apiKey, {
      url: `${suite.receiver.url}ok-${workspace.apiKey}`,
    });
    const last = newEvent();
    await publish(workspace.apiKey, last);
    // The last event reached the sentinel, so the pipeline has handled both events since the disable.
    // (The one before may reach it too: a stream batch holding both events reads the configuration
    // once, after the sentinel was created.)
    await waitFor(
      async () => (await findMessage(refOf(workspace, sentinel.id, last)))?.status === 'succeeded',
    );
    expect(receivedAt(`ok-${workspace.apiKey}`).length).toBeGreaterThanOrEqual(1);
    expect(receivedAt(`failing-${workspace.apiKey}`)).toHaveLength(1);
    expect(sentinel.id).not.toBe(endpoint.id);
  });

  it('restarts the 5 days at the first failure after a success', async () => {
    const workspace = await createWebhookWorkspace();
    const path = `recovering-${workspace.apiKey}`;
    const endpoint = await createEndpoint(workspace.apiKey, { url: `${suite.receiver.url}${path}` });
    await failingForOverFiveDays(workspace, endpoint.id);

    const succeeding = newEvent();
    await publish(workspace.apiKey, succeeding);
    await waitFor(
      async () => (await findMessage(refOf(workspace, endpoint.id, succeeding)))?.status === 'succeeded',
    );

    // From here the endpoint fails: its URL now points at a failing path.
    await changeEndpoint(workspace.apiKey, {
      endpointId: endpoint.id,
      url: `${suite.receiver.url}failing-${path}`,
    });
    const failing = newEvent();
    await publish(workspace.apiKey, failing);
    const ref = refOf(workspace, endpoint.id, failing);
    await waitForMessage(ref, 'dead');
    // Every scheduled attempt was made: the endpoint stayed enabled throughout.
    const dead = await findMessage(ref);
    expect(dead?.attemptCount).toBe(4);
    expect(dead?.reason).toBeUndefined();
    expect(await endpointView(workspace, endpoint.id)).toMatchObject({ disabled: false });
  });

  it('forgets the failing streak when the endpoint is enabled again: one more failure does not disable it', async () => {
    const workspace = await createWebhookWorkspace();
    const endpoint = await createEndpoint(workspace.apiKey, {
      url: `${suite.receiver.url}failing-again-${workspace.apiKey}`,
    });
    await failingForOverFiveDays(workspace, endpoint.id);
    await changeEndpoint(workspace.apiKey, { endpointId: endpoint.id, disabled: true });
    await changeEndpoint(workspace.apiKey, { endpointId: endpoint.id, disabled: false });

    const event = newEvent();
    await publish(workspace.apiKey, event);
    const ref = refOf(workspace, endpoint.id, event);
    await waitForMessage(ref, 'dead');
    // Every scheduled attempt was made against the re-enabled endpoint.
    expect((await findMessage(ref))?.attemptCount).toBe(4);
    expect(await endpointView(workspace, endpoint.id)).toMatchObject({ disabled: false });
  });
});
