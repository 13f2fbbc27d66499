import { type ApiKeyClient, type Area, newWorkspaceClient } from './types';

/** A key with advanced webhooks enabled and a page's worth of endpoints. */
export interface WebhooksFixture {
  api: ApiKeyClient;
  /** The endpoint update and the secret routes work on (one of the seeded ones). */
  target: string;
  /** Endpoints `prepare` created for the delete request of the same index. */
  doomed: Map<number, string>;
  /** An endpoint whose URL refuses connections: its messages die, one per replay request. */
  failing: string;
  dead: { messageId: string; timestamp: number }[];
  /** A seeded endpoint no other scenario changes, with no messages: what recover requests walk. */
  quiet: string;
  /** A recover task started while seeding (its status route reads it). */
  recoverTask: string;
  /** Portal session tokens `prepare` opened for the revoke request of the same index. */
  sessions: Map<number, string>;
}

/** A local port nothing listens on (the local stack allows private webhook targets). */
const refusingUrl = 'http://127.0.0.1:9/bench';

/** Sends `count` test events to the failing endpoint and waits until every delivery is dead. */
async function seedDeadMessages(api: ApiKeyClient, endpointId: string, count: number) {
  const sent: { messageId: string; timestamp: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    // The answer also names the targets; a replay takes only the message's id and timestamp.
    const { messageId, timestamp } = await api.call<{ messageId: string; timestamp: number }>(
      'workspace.webhooks.test',
      { endpointId },
    );
    sent.push({ messageId, timestamp });
  }
  const deadline = Date.now() + 180_000;
  for (;;) {
    let dead = 0;
    let pageToken: string | undefined;
    do {
      const page = await api.call<{ messages: { status: string }[]; pageToken: string | null }>(
        'workspace.advancedwebhook.endpoints.messages.get',
        { endpointId, limit: 100, ...(pageToken && { pageToken }) },
      );
      dead += page.messages.filter((message) => message.status === 'dead').length;
      pageToken = page.pageToken ?? undefined;
    } while (pageToken);
    if (dead >= count) return sent;
    if (Date.now() > deadline) throw new Error(`only ${dead} of ${count} bench messages were dead-lettered`);
    await new Promise((pause) => setTimeout(pause, 500));
  }
}

/** One of the seeded dead messages (its id and timestamp), in turn. */
const deadMessage = (fixture: WebhooksFixture, index: number) => fixture.dead[index % fixture.dead.length]!;

/** More than a default page (50), so the list answers a full page with an iterator. */
const seededEndpoints = 60;

/**
 * The most endpoints the webhooks area holds at once with `requestsPerScenario` requests per
 * scenario: the seeded ones, the failing one, one per create request, and the one a delete request
 * removes. More than the default cap (50): the bench's stack raises its own cap to this.
 */
export const benchWebhookEndpoints = (requestsPerScenario: number) =>
  seededEndpoints + 1 + requestsPerScenario + 1;

const endpointBody = (label: string) => ({
  url: `https://hooks.example.com/bench/${label}`,
  description: `Bench endpoint ${label}`,
  filterTypes: ['comment.add', 'comment.update'],
});

async function createEndpoint(api: ApiKeyClient, label: string): Promise<string> {
  return (await api.call<{ id: string }>('workspace.advancedwebhook.endpoints.create', endpointBody(label)))
    .id;
}

export const webhooksArea: Area<WebhooksFixture> = {
  name: 'webhooks',
  async seed(context) {
    const api = await newWorkspaceClient(context, 'webhooks');
    await api.call('workspace.advancedwebhookconfig.update', { isEnabled: true });
    const seeded: string[] = [];
    for (let index = 0; index < seededEndpoints; index += 1)
      seeded.push(await createEndpoint(api, `seed-${index}`));
    const [target, quiet] = seeded;
    if (!target || !quiet) throw new Error('no endpoints were seeded');
    const failing = (
      await api.call<{ id: string }>('workspace.advancedwebhook.endpoints.create', { url: refusingUrl })
    ).id;
    const dead = await seedDeadMessages(api, failing, context.requestsPerScenario);
    const { taskId: recoverTask } = await api.call<{ taskId: string }>(
      'workspace.advancedwebhook.endpoints.recover',
      { endpointId: quiet, since: Date.now() - 60 * 60 * 1000 },
    );
    return { api, target, doomed: new Map(), failing, dead, quiet, recoverTask, sessions: new Map() };
  },
  scenarios: {
    'workspace.advancedwebhook.endpoints.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: {} }),
    },
    'workspace.advancedwebhook.endpoints.create': {
      request: (fixture, index) => ({ headers: fixture.api.headers, data: endpointBody(`created-${index}`) }),
    },
    'workspace.advancedwebhook.endpoints.update': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { endpointId: fixture.target, disabled: index % 2 === 1 },
      }),
    },
    'workspace.advancedwebhook.endpoints.delete': {
      prepare: async (fixture, index) => {
        fixture.doomed.set(index, await createEndpoint(fixture.api, `doomed-${index}`));
      },
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { endpointId: fixture.doomed.get(index) ?? 'missing' },
      }),
    },
    'workspace.advancedwebhook.endpoints.secret.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { endpointId: fixture.target } }),
    },
    'workspace.advancedwebhook.endpoints.secret.rotate': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { endpointId: fixture.target } }),
    },
    'workspace.advancedwebhook.endpoints.messages.get': {
      request: (fixture) => ({
        headers: fixture.api.headers,
        data: { endpointId: fixture.failing, limit: 50 },
      }),
    },
    'workspace.advancedwebhook.endpoints.messages.replay': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { endpointId: fixture.failing, ...fixture.dead[index] },
      }),
    },
    'workspace.advancedwebhook.endpoints.recover': {
      request: (fixture) => ({
        headers: fixture.api.headers,
        data: { endpointId: fixture.quiet, since: Date.now() - 60 * 60 * 1000 },
      }),
    },
    'workspace.advancedwebhook.endpoints.recover.status': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { taskId: fixture.recoverTask } }),
    },
    'workspace.advancedwebhook.endpoints.stats': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { endpointId: fixture.failing } }),
    },
    'workspace.advancedwebhook.messages.get': [
      { request: (fixture) => ({ headers: fixture.api.headers, data: { limit: 50 } }) },
      {
        variant: 'dead',
        request: (fixture) => ({ headers: fixture.api.headers, data: { status: 'dead', limit: 50 } }),
      },
    ],
    'workspace.advancedwebhook.messages.attempts.get': [
      {
        request: (fixture, index) => ({
          headers: fixture.api.headers,
          data: { ...deadMessage(fixture, index), endpointId: fixture.failing },
        }),
      },
      {
        variant: 'every endpoint',
        request: (fixture, index) => ({ headers: fixture.api.headers, data: deadMessage(fixture, index) }),
      },
    ],
    'workspace.advancedwebhook.messages.payload.get': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { ...deadMessage(fixture, index), endpointId: fixture.failing },
      }),
    },
    'workspace.advancedwebhook.messages.resend': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { ...deadMessage(fixture, index), endpointId: fixture.failing },
      }),
    },
    'workspace.advancedwebhook.eventtypes.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: {} }),
    },
    'workspace.advancedwebhook.portal.session': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { readOnly: true } }),
    },
    'workspace.advancedwebhook.portal.session.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: {} }),
    },
    'workspace.advancedwebhook.portal.session.revoke': {
      prepare: async (fixture, index) => {
        const { token } = await fixture.api.call<{ token: string }>(
          'workspace.advancedwebhook.portal.session',
          {},
        );
        fixture.sessions.set(index, token);
      },
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { token: fixture.sessions.get(index) ?? 'missing' },
      }),
    },
    'workspace.webhooks.test': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { endpointId: fixture.failing } }),
    },
  },
};
