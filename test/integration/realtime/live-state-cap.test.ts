import { keys } from '../../../shared/db/keys';
import { queryAll } from '../../../shared/db/query-page';
import { installConnectionPoster } from '../../../shared/sockets/poster';
import { callAs, succeed } from '../../support/api';
import { holdDate } from '../../support/held-date';
import { seedDocument } from '../../support/realtime';
import { openSocket, recordTraffic } from '../../support/socket';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// A small cap so a few broadcasts reach it (deployments: 16, the number a joiner reads).
const cap = 4;
const previousCap = process.env.REALTIME_MAX_LIVE_STATES_PER_DOCUMENT;
process.env.REALTIME_MAX_LIVE_STATES_PER_DOCUMENT = String(cap);

/** Live-state ids per document (decisions §60): capped at the number a joiner reads. */
jest.setTimeout(60_000);

// Values expire 24 h after their last broadcast: the tests hold Date (timers stay real) and move it.
const start = Date.UTC(2030, 0, 1, 12, 0, 0, 0);
const hour = 60 * 60 * 1000;
beforeEach(() => {
  holdDate(start);
});
afterEach(() => {
  jest.useRealTimers();
  installConnectionPoster(undefined);
});
afterAll(() => {
  if (previousCap === undefined) delete process.env.REALTIME_MAX_LIVE_STATES_PER_DOCUMENT;
  else process.env.REALTIME_MAX_LIVE_STATES_PER_DOCUMENT = previousCap;
});

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
});

type Document = { organizationId: string; documentId: string };

const broadcast = (document: Document, liveStateDataId: string, data: unknown, merge?: boolean) =>
  callAs(workspace, 'livestate.broadcast', { ...document, liveStateDataId, data, merge });

/**
 * What the table holds of a document's live state, read straight from its realtime partition:
 * the ids of the stored values (expired ones included) and the ids its index counts.
 */
async function stored({ organizationId, documentId }: Document) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.realtimePartition(workspace.apiKey, organizationId) },
    ConsistentRead: true,
  });
  const values = items.filter((item) =>
    String(item.sk).startsWith(keys.liveStatePrefix(organizationId, documentId)),
  );
  const index = items.find(
    (item) => item.sk === keys.liveStateIds(workspace.apiKey, organizationId, documentId).sk,
  );
  return {
    values: values.map((item) => item.liveStateDataId as string).sort(),
    counted: index ? Object.keys(index.ids as Record<string, number>).sort() : undefined,
  };
}

/** The live states a connection joining the document now is sent after its sync step 1, by id. */
async function joinerReceives(document: Document): Promise<Record<string, unknown>> {
  const traffic = recordTraffic();
  const socket = await openSocket(workspace, { ...document, editorId: 'main' });
  // The greeting carries the live states; the joiner does not speak.
  await socket.greet();
  const states = traffic.posted
    .filter((post) => post.connectionId === socket.connectionId && post.frame.startsWith('{'))
    .map((post) => JSON.parse(post.frame) as { liveStateDataId: string; data: unknown });
  return Object.fromEntries(states.map((state) => [state.liveStateDataId, state.data]));
}

async function fill(document: Document, ids: readonly string[]) {
  for (const id of ids)
    await succeed(workspace, 'livestate.broadcast', { ...document, liveStateDataId: id, data: { id } });
}

describe('livestate.broadcast at the cap of live-state ids per document', () => {
  it('refuses a new id with RESOURCE_EXHAUSTED naming liveStateDataId, and stores nothing of it', async () => {
    const document = await seedDocument(workspace);
    // A new id joins the index in one transaction with its value: no serial round trip more than a write.
    const first = await broadcast(document, 'a', { id: 'a' });
    expect(first.statusCode).toBe(200);
    expect(first.db.commands.filter((command) => command === 'TransactWriteItems')).toHaveLength(1);
    expect(first.db.serialRoundTrips).toBe(3);
    await fill(document, ['b', 'c', 'd']);

    const refused = await broadcast(document, 'e', { id: 'e' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json.error?.status).toBe('RESOURCE_EXHAUSTED');
    expect(refused.json.error?.message).toMatch(
      /^liveStateDataId: a document holds at most 4 live-state ids/,
    );
    // Until the first of the four expires: all were broadcast at the held instant, 24 h ago.
    expect(refused.headers['retry-after']).toBe(String(24 * 60 * 60));
    // The index read beside auth shows it full: one consistent read of it confirms, nothing written.
    expect(refused.db.serialRoundTrips).toBe(2);
    expect(refused.db.writeCapacityUnits).toBe(0);
    expect(await stored(document)).toEqual({ values: ['a', 'b', 'c', 'd'], counted: ['a', 'b', 'c', 'd'] });
    expect(Object.keys(await joinerReceives(document)).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('replaces and merges an existing id with one UpdateItem and no transaction', async () => {
    const document = await seedDocument(workspace);
    await fill(document, ['a', 'b', 'c', 'd']);
    const replaced = await broadcast(document, 'a', { replaced: true });
    const merged = await broadcast(document, 'b', { merged: true }, true);
    for (const response of [replaced, merged]) {
      expect(response.statusCode).toBe(200);
      expect(response.db.commands).not.toContain('TransactWriteItems');
      expect(response.db.commands.filter((command) => command === 'UpdateItem')).toHaveLength(1);
      expect(response.db.serialRoundTrips).toBe(3);
    }
    expect(await joinerReceives(document)).toEqual({
      a: { replaced: true },
      b: { id: 'b', merged: true },
      c: { id: 'c' },
      d: { id: 'd' },
    });
  });

  it('counts no expired id: a new id takes the place of expired ones and deletes them; one broadcast since keeps its own', async () => {
    const document = await seedDocument(workspace);
    await fill(document, ['a', 'b', 'c', 'd']);
    // `a` written again alone, 23 h later: its value lives 24 h from then, though the index's
    // entry still says 24 h from the start.
    jest.setSystemTime(start + 23 * hour);
    expect((await broadcast(document, 'a', { again: true })).statusCode).toBe(200);

    jest.setSystemTime(start + 24 * hour + 1000);
    for (const id of ['e', 'f', 'g']) expect((await broadcast(document, id, { id })).statusCode).toBe(200);
    const refused = await broadcast(document, 'h', { id: 'h' });
    expect(refused.statusCode).toBe(429);
    // Until `a` expires, 24 h after its second broadcast.
    expect(refused.headers['retry-after']).toBe(String(23 * 60 * 60 - 1));
    // The expired values are deleted with their entries (DynamoDB's TTL deletes lag), so the
    // joiner's page of `cap` items holds every live one.
    expect(await stored(document)).toEqual({ values: ['a', 'e', 'f', 'g'], counted: ['a', 'e', 'f', 'g'] });
    expect(await joinerReceives(document)).toEqual({
      a: { again: true },
      e: { id: 'e' },
      f: { id: 'f' },
      g: { id: 'g' },
    });
  });

  it('stores exactly one of 20 new ids broadcast at once one below the cap', async () => {
    const document = await seedDocument(workspace);
    await fill(document, ['a', 'b', 'c']);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => broadcast(document, `new-${index}`, { index })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    const accepted = `new-${statuses.indexOf(200)}`;
    const expected = ['a', 'b', 'c', accepted].sort();
    expect(await stored(document)).toEqual({ values: expected, counted: expected });
    expect(Object.keys(await joinerReceives(document)).sort()).toEqual(expected);
  });

  it('leaves neither values nor their index once the document is deleted', async () => {
    const document = await seedDocument(workspace);
    await fill(document, ['a', 'b', 'c', 'd']);
    await succeed(workspace, 'organizations.documents.delete', {
      organizationId: document.organizationId,
      documentIds: [document.documentId],
    });
    expect(await stored(document)).toEqual({ values: [], counted: undefined });
  });

  it('leaves no index once the organization is deleted', async () => {
    const document = await seedDocument(workspace);
    await fill(document, ['a']);
    await succeed(workspace, 'organizations.delete', { organizationIds: [document.organizationId] });
    expect(await stored(document)).toEqual({ values: [], counted: undefined });
  });
});
