import { handler as listHandler } from '../../../functions/webhooks/workspace-advancedwebhook-endpoints-get';
import { createEndpoint } from '../../../shared/webhooks/endpoint-service';
import { call, dataOf } from '../../support/lambda';
import { createWebhookWorkspace, seedEndpoints } from '../../support/webhooks';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// A second page at the default limit (50) needs more endpoints than the default cap allows.
process.env.MAX_WEBHOOK_ENDPOINTS_PER_API_KEY = '60';

const list = (workspace: TestWorkspace, data: Record<string, unknown> = {}) =>
  call(listHandler, { headers: workspace.apiKeyHeaders, data });

interface Page {
  endpoints: { id: string }[];
  iterator: string | null;
  prevIterator: string | null;
  done: boolean;
}

/** Follows `iterator` from the first page until done; returns every page. */
async function walkForward(workspace: TestWorkspace, limit: number): Promise<Page[]> {
  const pages: Page[] = [dataOf(await list(workspace, { limit }))];
  while (!pages.at(-1)!.done)
    pages.push(dataOf(await list(workspace, { limit, iterator: pages.at(-1)!.iterator })));
  return pages;
}

/** Follows `prevIterator` from a page until done; returns the pages after the start page. */
async function walkBack(workspace: TestWorkspace, limit: number, from: Page): Promise<Page[]> {
  const pages: Page[] = [];
  let page = from;
  while (page.prevIterator) {
    page = dataOf(await list(workspace, { limit, iterator: page.prevIterator }));
    pages.push(page);
    if (page.done) break;
  }
  return pages;
}

const ids = (pages: Page[]) => pages.flatMap((page) => page.endpoints.map((endpoint) => endpoint.id));

describe('workspace.advancedwebhook.endpoints.get', () => {
  // Seeding 52 endpoints takes a few seconds against DynamoDB Local.
  it('lists newest first, 50 by default, with one Query per page', async () => {
    const workspace = await createWebhookWorkspace();
    const created = await seedEndpoints(workspace, 52);
    const response = await list(workspace);
    const page: Page = dataOf(response);
    expect(page.endpoints.map((endpoint) => endpoint.id)).toEqual([...created].reverse().slice(0, 50));
    expect(page.done).toBe(false);
    expect(page.iterator).toEqual(expect.any(String));
    expect(response.db.commands.sort()).toEqual(['GetItem', 'GetItem', 'Query']);
    // The whole read starts together with the auth read.
    expect(response.db.serialRoundTrips).toBe(1);
    const last: Page = dataOf(await list(workspace, { iterator: page.iterator }));
    expect(last.endpoints.map((endpoint) => endpoint.id)).toEqual([created[1], created[0]]);
    expect(last).toMatchObject({ done: true, iterator: null });
  }, 30_000);

  it('answers an empty list with done and no iterators', async () => {
    const workspace = await createWebhookWorkspace();
    expect(dataOf(await list(workspace))).toEqual({
      endpoints: [],
      iterator: null,
      prevIterator: null,
      done: true,
    });
  });

  it('walks forward and back returning every endpoint exactly once', async () => {
    const workspace = await createWebhookWorkspace();
    const created = await seedEndpoints(workspace, 11);
    const forward = await walkForward(workspace, 3);
    expect(forward).toHaveLength(4);
    expect(ids(forward)).toEqual([...created].reverse());
    const back = await walkBack(workspace, 3, forward.at(-1)!);
    // Pages arrive newest page last; each page is newest first.
    expect(ids([...back].reverse())).toEqual([...created].reverse().slice(0, 9));
    expect(back.at(-1)).toMatchObject({ done: true, prevIterator: null });
  });

  it('returns every endpoint exactly once while endpoints are created during the walk', async () => {
    const workspace = await createWebhookWorkspace();
    const initial = await seedEndpoints(workspace, 12);
    const concurrent = Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        createEndpoint(workspace.apiKey, { url: `https://late.example.com/${index}` }),
      ),
    );
    const forward = await walkForward(workspace, 4);
    const late = (await concurrent).map((endpoint) => endpoint.id);
    const seen = ids(forward);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => initial.includes(id))).toEqual([...initial].reverse());
    const back = await walkBack(workspace, 4, forward.at(-1)!);
    const all = [...ids(back), ...ids(forward.slice(-1))];
    expect(new Set(all).size).toBe(all.length);
    const firstPageOnwards = ids([...back, forward.at(-1)!]);
    expect(new Set([...firstPageOnwards, ...seen])).toEqual(new Set([...initial, ...late]));
    const newest: Page = dataOf(await list(workspace, { limit: 250 }));
    expect(newest.endpoints.map((endpoint) => endpoint.id).sort()).toEqual([...initial, ...late].sort());
  });

  it("refuses another API key's iterator and a tampered one with INVALID_ARGUMENT", async () => {
    const [mine, theirs] = await Promise.all([createWebhookWorkspace(), createWebhookWorkspace()]);
    await seedEndpoints(theirs, 3);
    const { iterator } = dataOf(await list(theirs, { limit: 1 }));
    for (const foreign of [iterator, `${iterator.slice(0, -2)}AA`]) {
      const response = await list(mine, { iterator: foreign });
      expect(response.json.error).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'iterator: invalid or expired iterator',
      });
    }
  });

  it("never lists another API key's endpoints", async () => {
    const [mine, theirs] = await Promise.all([createWebhookWorkspace(), createWebhookWorkspace()]);
    await seedEndpoints(theirs, 2);
    expect(dataOf(await list(mine)).endpoints).toEqual([]);
  });

  it.each([
    ['limit 0', { limit: 0 }, 'limit: Too small: expected number to be >=1'],
    ['limit 251', { limit: 251 }, 'limit: Too big: expected number to be <=250'],
    ['a fractional limit', { limit: 2.5 }, 'limit: Invalid input: expected int, received number'],
  ])('refuses %s with INVALID_ARGUMENT', async (_label, data, message) => {
    const workspace = await createWebhookWorkspace();
    expect((await list(workspace, data)).json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });

  it('answers FAILED_PRECONDITION while advanced webhooks are not enabled', async () => {
    const workspace = await createTestWorkspace();
    const response = await list(workspace);
    expect(response.json.error?.status).toBe('FAILED_PRECONDITION');
    expect(response.json.error?.message).toContain('{ isEnabled: true }');
  });
});
