import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import {
  changeEndpoint,
  createEndpoint,
  getEndpointSecret,
  rotateEndpointSigningSecret,
} from '../../../../shared/webhooks/endpoint-service';
import { publish } from '../../../../shared/webhooks/outbox';
import { deliverySuite } from '../../../support/delivery';
import { waitFor } from '../../../support/poll';
import { commentEvent, createWebhookWorkspace } from '../../../support/webhooks';
import type { TestWorkspace } from '../../../support/workspaces';

jest.setTimeout(90_000);

let workspace: TestWorkspace;

const suite = deliverySuite();
beforeAll(async () => {
  workspace = await createWebhookWorkspace();
});

/** An event on the channels of an organization and a document (when given). */
const channelEvent = (organizationId?: string, documentId?: string, event = 'comment.add') =>
  commentEvent({ event, data: { text: 'hi' }, organizationId, documentId });

/** Endpoints on the shared receiver, told apart by path. */
const endpointAt = (path: string, options: Record<string, unknown> = {}) =>
  createEndpoint(workspace.apiKey, { url: `${suite.receiver.url}${path}`, ...options });

const { receivedAt } = suite;

describe('advanced webhook delivery', () => {
  it('delivers a published event with Standard Webhooks signatures that standardwebhooks and svix verify', async () => {
    const endpoint = await endpointAt('signed');
    const secret = (await getEndpointSecret(workspace.apiKey, endpoint.id)).secret as string;
    const event = channelEvent('org-1', 'doc-1');
    await publish(workspace.apiKey, event);
    await waitFor(() => receivedAt('signed').length === 1);
    const [request] = receivedAt('signed');
    const headers = request!.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(event.id);
    expect(new StandardWebhook(secret).verify(request!.raw, headers)).toMatchObject({ id: event.id });
    expect(new SvixWebhook(secret).verify(request!.raw, headers)).toMatchObject({ id: event.id });
    expect(request!.body).toEqual({
      id: event.id,
      event: 'comment.add',
      actionType: 'add',
      source: 'comment',
      data: { text: 'hi' },
      webhookId: endpoint.id,
      platform: 'api',
      timestamp: event.timestamp,
    });
  });

  it('signs with the current and the previous secret during a rotation', async () => {
    const endpoint = await endpointAt('rotated');
    const previous = (await getEndpointSecret(workspace.apiKey, endpoint.id)).secret as string;
    const { secret: current } = await rotateEndpointSigningSecret(workspace.apiKey, endpoint.id);
    await publish(workspace.apiKey, channelEvent());
    await waitFor(() => receivedAt('rotated').length === 1);
    const [request] = receivedAt('rotated');
    const headers = request!.headers as Record<string, string>;
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [current, previous])
      expect(() => new SvixWebhook(secret).verify(request!.raw, headers)).not.toThrow();
  });

  it('applies filterTypes and Svix channel rules, and skips disabled endpoints until re-enabled', async () => {
    const filtered = await endpointAt('types', { filterTypes: ['comment.update'] });
    await endpointAt('org-a', { channels: ['org.a'] });
    await endpointAt('doc-b', { channels: ['doc.b', 'doc.c'] });
    const disabled = await endpointAt('disabled', { disabled: true });
    const events = [
      channelEvent('a', 'x'),
      channelEvent('z', 'b'),
      channelEvent(),
      channelEvent('a', 'b', 'comment.update'),
    ];
    for (const event of events) await publish(workspace.apiKey, event);
    const sentinel = await endpointAt('all');
    // Outbox events share one stream partition, so once the sentinel arrives the events published
    // before it have been fanned out (on a slow machine, late enough that 'all' may get them too).
    const sentinelEvent = channelEvent('sentinel');
    await publish(workspace.apiKey, sentinelEvent);
    await waitFor(() => receivedAt('all').some((request) => request.body.id === sentinelEvent.id));
    await waitFor(
      () =>
        receivedAt('doc-b').length === 2 &&
        receivedAt('org-a').length === 2 &&
        receivedAt('types').length === 1,
    );
    const idsAt = (path: string) =>
      receivedAt(path)
        .map((request) => request.body.id)
        .sort();
    expect(idsAt('types')).toEqual([events[3]!.id]);
    expect(idsAt('org-a')).toEqual([events[0]!.id, events[3]!.id].sort());
    expect(idsAt('doc-b')).toEqual([events[1]!.id, events[3]!.id].sort());
    expect(receivedAt('disabled')).toHaveLength(0);

    await changeEndpoint(workspace.apiKey, { endpointId: disabled.id, disabled: false });
    const after = channelEvent();
    await publish(workspace.apiKey, after);
    await waitFor(() => receivedAt('disabled').length === 1);
    expect(receivedAt('disabled')[0]!.body.id).toBe(after.id);
    expect(filtered.id).not.toBe(sentinel.id);
  });
});
