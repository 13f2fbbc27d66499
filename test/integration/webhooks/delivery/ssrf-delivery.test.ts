import { hostResolver } from '../../../../shared/security/outbound-http';
import { createEndpoint } from '../../../../shared/webhooks/endpoint-service';
import { findMessage } from '../../../../shared/webhooks/message-repository';
import { endpointTarget } from '../../../../shared/webhooks/message-schemas';
import { publish } from '../../../../shared/webhooks/outbox';
import { deliverySuite } from '../../../support/delivery';
import { commentEvent, createWebhookWorkspace, waitForMessage } from '../../../support/webhooks';

jest.setTimeout(90_000);

const suite = deliverySuite();
afterEach(() => jest.restoreAllMocks());

/**
 * Configures a fresh endpoint at `http://<host>:<receiver port>/<path>` (the name does not resolve
 * then, so it is accepted), lets the test change DNS, then publishes one event; returns its message ref.
 */
async function deliverVia(host: string, path: string, dnsAfterConfig: () => void) {
  const workspace = await createWebhookWorkspace();
  const { port } = new URL(suite.receiver.url);
  const endpoint = await createEndpoint(workspace.apiKey, { url: `http://${host}:${port}/${path}` });
  dnsAfterConfig();
  const event = commentEvent();
  await publish(workspace.apiKey, event);
  return {
    apiKey: workspace.apiKey,
    targetId: endpointTarget(endpoint.id),
    eventTimestamp: event.timestamp,
    eventId: event.id,
  };
}

describe('webhook delivery to a name that turns internal after configuration', () => {
  it('records every attempt as refused, sends nothing and names no address', async () => {
    const ref = await deliverVia('turns-internal.example', 'internal', () =>
      jest.spyOn(hostResolver, 'resolve').mockResolvedValue([{ address: '169.254.169.254', family: 4 }]),
    );
    await waitForMessage(ref, 'dead');
    const attempts = (await findMessage(ref))?.attempts ?? [];
    expect(attempts.map((attempt) => [attempt.outcome, attempt.statusCode])).toEqual(
      Array.from({ length: 4 }, () => ['refused', null]),
    );
    for (const attempt of attempts) expect(attempt.response).not.toMatch(/169\.254|turns-internal/);
    expect(suite.receiver.received.filter((request) => request.url === '/internal')).toHaveLength(0);
  });

  it('connects to the address it checked when the name rebinds right after the check', async () => {
    let lookups = 0;
    const ref = await deliverVia('rebinding.example', 'rebinding', () =>
      jest.spyOn(hostResolver, 'resolve').mockImplementation(async () => {
        lookups += 1;
        return [{ address: lookups === 1 ? '127.0.0.1' : '10.0.0.5', family: 4 }];
      }),
    );
    await waitForMessage(ref, 'succeeded');
    expect((await findMessage(ref))?.attempts.map((attempt) => attempt.outcome)).toEqual(['success']);
    expect(lookups).toBe(1);
    expect(suite.receiver.received.filter((request) => request.url === '/rebinding')).toHaveLength(1);
  });
});
