import { callAs } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { addActivities, commentActivity, explicitActivity } from './activities';
import { givenWorkspaceWithActivities, organizationId, queryJudgments, search } from './support';

let workspace: TestWorkspace;

/** Two organizations, three documents, two threads; human and agent reviewers. */
async function seed() {
  await addActivities(workspace, 'doc-a', [
    commentActivity({
      id: 'j1',
      text: 'The retry loop has no backoff and hammers the API',
      annotationId: 't1',
    }),
    commentActivity({
      id: 'j2',
      actionType: 'comment.accept',
      text: 'Backoff added, accepted',
      annotationId: 't1',
    }),
    commentActivity({
      id: 'j3',
      text: 'SQL query built by string concatenation: injection risk',
      annotationId: 't2',
      userId: 'bot',
      agent: { name: 'sec-bot' },
      context: { text: 'db.query("SELECT * FROM users WHERE id=" + id)', contentType: 'code' },
    }),
  ]);
  await addActivities(workspace, 'doc-b', [
    explicitActivity(
      { decision: 'reject', reasoning: 'The headline overpromises; tone it down' },
      { id: 'j4' },
    ),
  ]);
  await addActivities(
    workspace,
    'doc-c',
    [
      explicitActivity(
        { decision: 'approve', reasoning: 'Retry with exponential backoff looks right' },
        { id: 'j5' },
      ),
    ],
    'other-org',
  );
}

const ids = (result: { results: { recordId: string }[] }) =>
  result.results.map((judgment) => judgment.recordId);

beforeAll(async () => {
  workspace = await givenWorkspaceWithActivities();
  await seed();
});

describe('memory.search', () => {
  it('ranks by cosine similarity within the organization and answers only results, totalInScope, searchLatencyMs', async () => {
    const response = await callAs(workspace, 'memory.search', { query: 'retry backoff', organizationId });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json.result ?? {}).sort()).toEqual([
      'results',
      'searchLatencyMs',
      'totalInScope',
    ]);
    const result = response.json.result as any;
    expect(result.totalInScope).toBe(4);
    expect(ids(result).slice(0, 2).sort()).toEqual(['j1', 'j2']);
    expect(result.results[0]).toMatchObject({ scope: 'organization', similarity: expect.any(Number) });
    expect(result.results[0].similarity).toBeGreaterThan(result.results[3].similarity);
    expect(typeof result.searchLatencyMs).toBe('number');
  });

  it('searches every organization of the API key without ids, and one document with documentId', async () => {
    const all = await search(workspace, { query: 'retry backoff' });
    expect(all.totalInScope).toBe(5);
    expect(ids(all)).toContain('j5');
    expect(all.results[0]?.scope).toBe('apiKey');
    const document = await search(workspace, { query: 'retry backoff', organizationId, documentId: 'doc-b' });
    expect(ids(document)).toEqual(['j4']);
    expect(document.results[0]?.scope).toBe('document');
    const widened = await search(workspace, {
      query: 'x',
      organizationId,
      documentId: 'doc-b',
      scope: 'organization',
    });
    expect(widened.totalInScope).toBe(4);
  });

  it('applies decision, judgeType, contentType, reviewerId and dateRange filters (ISO and epoch ms)', async () => {
    expect(
      ids(await search(workspace, { query: 'q', organizationId, filters: { decision: 'approve' } })),
    ).toEqual(['j2']);
    expect(
      ids(await search(workspace, { query: 'q', organizationId, filters: { judgeType: 'agent' } })),
    ).toEqual(['j3']);
    expect(
      ids(await search(workspace, { query: 'q', organizationId, filters: { contentType: 'code' } })),
    ).toEqual(['j3']);
    expect(
      ids(await search(workspace, { query: 'q', organizationId, filters: { reviewerId: 'reviewer' } })),
    ).toEqual(['j4']);
    const now = Date.now();
    const past = { start: '2000-01-01T00:00:00Z', end: '2000-12-31' };
    expect(
      (await search(workspace, { query: 'q', organizationId, filters: { dateRange: past } })).totalInScope,
    ).toBe(0);
    const recent = { start: now - 3_600_000, end: now + 3_600_000 };
    expect(
      (await search(workspace, { query: 'q', organizationId, filters: { dateRange: recent } })).totalInScope,
    ).toBe(4);
  });

  it('applies the same filters where vectors are read per search: the API key and a document', async () => {
    expect(ids(await search(workspace, { query: 'q', filters: { decision: 'approve' } }))).toEqual([
      'j5',
      'j2',
    ]);
    expect(ids(await search(workspace, { query: 'q', filters: { judgeType: 'agent' } }))).toEqual(['j3']);
    expect(
      ids(
        await search(workspace, {
          query: 'q',
          organizationId,
          documentId: 'doc-a',
          filters: { contentType: 'code' },
        }),
      ),
    ).toEqual(['j3']);
    const past = { start: '2000-01-01T00:00:00Z', end: '2000-12-31' };
    expect((await search(workspace, { query: 'q', filters: { dateRange: past } })).totalInScope).toBe(0);
  });

  it('searches the reviewed content with embeddingType content', async () => {
    const result = await search(workspace, {
      query: 'SELECT users WHERE id',
      organizationId,
      embeddingType: 'content',
    });
    expect(result.totalInScope).toBe(1);
    expect(ids(result)).toEqual(['j3']);
  });

  it('reads an annotation thread oldest first with similarity 1.0, skipping vector search', async () => {
    const response = await callAs(workspace, 'memory.search', {
      query: 'unrelated words',
      organizationId,
      filters: { annotationId: 't1' },
    });
    const result = response.json.result as any;
    expect(ids(result)).toEqual(['j1', 'j2']);
    expect(result.results.map((judgment: any) => judgment.similarity)).toEqual([1, 1]);
    expect(result.totalInScope).toBe(2);
    expect(response.db.commands).not.toContain('BatchGetItem');
  });

  it('returns the newest judgments of the last recencyDays with similarity 1.0, overriding dateRange', async () => {
    const result = await search(workspace, {
      query: 'anything',
      organizationId,
      recencyDays: 1,
      limit: 2,
      filters: { dateRange: { start: 0, end: 1 } },
    });
    expect(result.totalInScope).toBe(4);
    expect(ids(result)).toEqual(['j4', 'j3']);
    expect(result.results.every((judgment) => judgment.similarity === 1)).toBe(true);
  });

  it('honours limit', async () => {
    expect((await search(workspace, { query: 'review', limit: 1 })).results).toHaveLength(1);
  });

  it('costs the auth read, one Query of vectors (a document) or of the change feed (an organization) and one BatchGetItem', async () => {
    await callAs(workspace, 'memory.search', { query: 'backoff', organizationId });
    const response = await callAs(workspace, 'memory.search', { query: 'backoff', organizationId });
    expect(response.db.commands.sort()).toEqual(['BatchGetItem', 'GetItem', 'Query']);
    // The vectors are read after auth (a scope's vectors are not a bounded prefetch), then the top judgments.
    expect(response.db.serialRoundTrips).toBe(3);
    const document = await callAs(workspace, 'memory.search', {
      query: 'backoff',
      organizationId,
      documentId: 'doc-a',
    });
    expect(document.db.commands.sort()).toEqual(['BatchGetItem', 'GetItem', 'Query']);
    expect(document.db.serialRoundTrips).toBe(3);
  });

  it("never returns another API key's judgments", async () => {
    const stranger = await createTestWorkspace();
    const result = await search(stranger, { query: 'retry backoff', organizationId });
    expect(result).toMatchObject({ results: [], totalInScope: 0 });
    expect((await queryJudgments(stranger, {})).total).toBe(0);
  });

  it.each([
    [{ query: '' }, 'query'],
    [{ query: '   ' }, 'query'],
    [{ query: 'q', limit: 0 }, 'limit'],
    [{ query: 'q', limit: 51 }, 'limit'],
    [{ query: 'q', organizationId, recencyDays: 0 }, 'recencyDays'],
    [{ query: 'q', organizationId, recencyDays: 366 }, 'recencyDays'],
    [{ query: 'q', documentId: 'doc-a' }, 'documentId'],
    [{ query: 'q', filters: { annotationId: 't1' } }, 'filters.annotationId'],
    [{ query: 'q', filters: { dateRange: { start: 10, end: 5 } } }, 'filters.dateRange.start'],
    [{ query: 'q', filters: { dateRange: { start: 'yesterday', end: 5 } } }, 'filters.dateRange.start'],
    [{ query: 'q', embeddingType: 'vibes' }, 'embeddingType'],
    [{ query: 'q', scope: 'galaxy' }, 'scope'],
    [{ query: 'q', scope: 'document', organizationId }, 'scope'],
    [{ query: 'q', filters: { judgeType: 'robot' } }, 'filters.judgeType'],
  ])('refuses %j with INVALID_ARGUMENT naming %s', async (data, field) => {
    const response = await callAs(workspace, 'memory.search', data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain(`${field}:`);
  });
});

describe('memory.judgments.query', () => {
  it('lists newest first with the total and honours limit', async () => {
    const result = await queryJudgments(workspace, { organizationId, limit: 2 });
    expect(result.total).toBe(4);
    expect(ids(result)).toEqual(['j4', 'j3']);
    expect(Object.keys(result).sort()).toEqual(['results', 'total']);
  });

  it('reads the page and the count beside the auth read', async () => {
    const response = await callAs(workspace, 'memory.judgments.query', { organizationId, limit: 2 });
    expect(response.db.commands.sort()).toEqual(['GetItem', 'Query', 'Query']);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('filters by document, decision, thread and date range', async () => {
    expect(ids(await queryJudgments(workspace, { organizationId, documentId: 'doc-a' })).sort()).toEqual([
      'j1',
      'j2',
      'j3',
    ]);
    expect(ids(await queryJudgments(workspace, { organizationId, filters: { decision: 'reject' } }))).toEqual(
      ['j4'],
    );
    expect(ids(await queryJudgments(workspace, { organizationId, filters: { annotationId: 't1' } }))).toEqual(
      ['j1', 'j2'],
    );
    expect((await queryJudgments(workspace, { filters: { dateRange: { start: 0, end: 1000 } } })).total).toBe(
      0,
    );
    expect((await queryJudgments(workspace, {})).total).toBe(5);
    const allTime = { start: '1970-01-01', end: '9999-12-31T23:59:59.999Z' };
    expect((await queryJudgments(workspace, { filters: { dateRange: allTime } })).total).toBe(5);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ documentId: 'd' }, 'documentId'],
    [{ filters: { annotationId: 't1' } }, 'filters.annotationId'],
    [
      { organizationId, filters: { dateRange: { start: '1969-12-31', end: '2000-01-01' } } },
      'filters.dateRange.start',
    ],
    [
      { organizationId, filters: { dateRange: { start: 0, end: 2_346_392_718_147_927 } } },
      'filters.dateRange.end',
    ],
  ])('refuses %j with INVALID_ARGUMENT naming %s', async (data, field) => {
    const response = await callAs(workspace, 'memory.judgments.query', data);
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain(`${field}:`);
  });
});
