import { randomUUID } from 'node:crypto';
import { routeExamples } from '../../../shared/api/route-examples';
import { type RouteName, routes } from '../../../shared/api/routes';
import { maxCallsBeforeAuth } from '../../../shared/db/before-auth';
import { callAs, succeed } from '../../support/api';
import { loadRouteHandler } from '../../support/handlers';
import { type CallResult, call } from '../../support/lambda';
import { waitFor } from '../../support/poll';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

/**
 * What a request costs before its caller is authenticated (decisions: "Reads before auth"): a
 * route's prefetch starts beside the auth read only with well-formed credential headers, sends only
 * its first round trip of single calls (at most `maxCallsBeforeAuth`), and nothing after the answer.
 */

/** A well-formed but wrong auth token, and a well-formed key that names no credential. */
const wrongToken = `at_${'x'.repeat(43)}`;
const unknownKey = `ak_${'u'.repeat(22)}`;

/** Awaits every call the request has sent so far, then lets their follow-ups start (or be withheld). */
async function settled(response: CallResult): Promise<void> {
  await waitFor(() => response.db.trace.every((sent) => sent.output !== undefined));
  await new Promise((resolve) => setImmediate(resolve));
}

async function callWith(route: (typeof routes)[number], headers: Record<string, string>, data: unknown) {
  return call(await loadRouteHandler(route), { headers, data, path: route.path });
}

/** The most a strongly consistent Query page reads: 1 MB, and the item that crosses it (400 KB). */
const pageBeforeAuthRcu = (1024 + 400) / 4;

const authenticated = routes.filter((route) => route.auth !== 'none');
const crdtGet = authenticated.find((route) => route.name === 'crdt.get')!;

describe('reads before auth', () => {
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createTestWorkspace();
  });

  it.each(authenticated.map((route) => [route.name, route] as const))(
    '%s with a well-formed wrong token reads one round trip and nothing after its 403',
    async (_name, route) => {
      const headers =
        route.auth === 'workspace'
          ? { ...workspace.workspaceHeaders, 'x-svc-workspace-auth-token': `wst_${'x'.repeat(43)}` }
          : { ...workspace.apiKeyHeaders, 'x-svc-auth-token': wrongToken };
      const response = await callWith(route, headers, routeExamples[route.name as RouteName].request);
      expect(response.statusCode).toBe(403);
      await settled(response);
      expect(response.db.serialRoundTrips).toBeLessThanOrEqual(1);
      expect(response.db.calls).toBeLessThanOrEqual(1 + maxCallsBeforeAuth);
      expect(response.db.writeCapacityUnits).toBe(0);
    },
  );

  const withToken = (token: string) => (headers: Record<string, string>) => ({
    ...headers,
    'x-svc-auth-token': token,
  });
  const noPrefetch: [string, (headers: Record<string, string>) => Record<string, string>][] = [
    ['an absent token', ({ 'x-svc-api-key': apiKey }) => ({ 'x-svc-api-key': apiKey! })],
    ['a malformed token', withToken('wrong')],
    ['a token of a foreign alphabet', withToken(`at_${'é'.repeat(43)}`)],
    ['an overlong token', withToken(`at_${'x'.repeat(300)}`)],
    ['a malformed key', (headers) => ({ ...headers, 'x-svc-api-key': 'ak_unknown' })],
  ];

  it.each(noPrefetch)('with %s starts no read beside the auth read', async (_case, headersOf) => {
    const document = { organizationId: 'org', documentId: 'doc' };
    for (const [name, data] of [
      ['crdt.get', document],
      ['notifications.get', { ...document, userId: 'alice' }],
      ['users.data.get', { userId: 'alice' }],
    ] as const) {
      const route = authenticated.find((candidate) => candidate.name === name)!;
      const response = await callWith(route, headersOf(workspace.apiKeyHeaders), data);
      expect(response.statusCode).toBe(403);
      await settled(response);
      // At most the auth read itself (none when a header is missing).
      expect(response.db.commands.filter((command) => command !== 'GetItem')).toEqual([]);
      expect(response.db.calls).toBeLessThanOrEqual(1);
    }
  });

  it('crdt.get of a 3.8 MB document reads one page for a wrong token, every page for the right one', async () => {
    const owner = await createTestWorkspace();
    const document = { organizationId: 'org', documentId: randomUUID() };
    const text = 'lorem ipsum dolor sit amet, '.repeat(45_000);
    for (const editorId of ['e1', 'e2', 'e3']) {
      await succeed(owner, 'crdt.add', { ...document, editorId, type: 'text', data: text });
    }
    const right = await callAs(owner, 'crdt.get', document);
    expect(right.statusCode).toBe(200);
    expect(right.json.result?.data).toHaveLength(3);
    const pages = right.db.commands.filter((command) => command === 'Query').length;
    expect(pages).toBeGreaterThanOrEqual(4);
    // The first page travels with the auth read; each further page waits for the one before.
    expect(right.db.serialRoundTrips).toBe(pages);

    for (const headers of [
      { ...owner.apiKeyHeaders, 'x-svc-auth-token': wrongToken },
      { ...owner.apiKeyHeaders, 'x-svc-api-key': unknownKey },
    ]) {
      const wrong = await callWith(crdtGet, headers, document);
      expect(wrong.statusCode).toBe(403);
      await settled(wrong);
      expect(wrong.db.commands.sort()).toEqual(['GetItem', 'Query']);
      // One strongly consistent page: at most 1 MB and the item that crosses it (400 KB), 356 RCU.
      expect(wrong.db.capacityUnits).toBeLessThanOrEqual(pageBeforeAuthRcu + 1);
      expect(wrong.db.capacityUnits).toBeLessThan(right.db.capacityUnits / 3);
    }
  }, 60_000);
});
