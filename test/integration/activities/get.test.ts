import { putNewActivities } from '../../../shared/activities/repository';
import type { ActivityRecord } from '../../../shared/activities/schemas';
import { callAs, succeed } from '../../support/api';
import { firstPageToken, tamperedToken } from '../../support/page-tokens';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { enableActivities, listActivities, organizationId } from './support';

let workspace: TestWorkspace;

/** A varied history: 2 documents × 2 users × 3 feature types, some with targets; distinct timestamps. */
const seeds = Array.from({ length: 24 }, (_, index) => ({
  id: `a${String(index).padStart(2, '0')}`,
  documentId: index % 2 === 0 ? 'd1' : 'd2',
  userId: index % 3 === 0 ? 'u1' : 'u2',
  featureType: ['comment', 'reaction', 'custom'][index % 3 === 1 ? 1 : index % 4 === 0 ? 2 : 0] as string,
  actionType: index % 5 === 0 ? 'comment.delete' : 'comment.add',
  targetEntityId: index % 4 === 1 ? 't1' : undefined,
}));
type Seed = (typeof seeds)[number];

beforeAll(async () => {
  workspace = await createTestWorkspace();
  await enableActivities(workspace);
  // Seeded through the repository with distinct timestamps, so the order under test is the timestamp order.
  const start = Date.now() - seeds.length;
  await putNewActivities(
    workspace.apiKey,
    seeds.map((seed, index) => ({
      id: seed.id,
      featureType: seed.featureType as ActivityRecord['featureType'],
      actionType: seed.actionType,
      actionUser: { userId: seed.userId },
      ...(seed.targetEntityId && { targetEntityId: seed.targetEntityId }),
      metadata: { apiKey: workspace.apiKey, documentId: seed.documentId, organizationId },
      timestamp: start + index,
    })),
    Date.now(),
  );
}, 30_000);

/** Ids of the seeds matching `keep`, newest first (seeds were added in id order). */
const expected = (keep: (seed: Seed) => boolean, order: 'asc' | 'desc' = 'desc') => {
  const ids = seeds.filter(keep).map((seed) => seed.id);
  return order === 'asc' ? ids : ids.reverse();
};

/** Walks every page, asserting each page but the last is full. */
async function walk(query: Record<string, unknown>, pageSize: number) {
  const pages: string[][] = [];
  let pageToken: string | undefined;
  do {
    const response = await callAs(workspace, 'activities.get', {
      organizationId,
      ...query,
      pageSize,
      pageToken,
    });
    expect(response.statusCode).toBe(200);
    pages.push(response.json.result!.data.map((record: { id: string }) => record.id));
    pageToken = response.json.result!.pageToken;
  } while (pageToken);
  for (const page of pages.slice(0, -1)) expect(page).toHaveLength(pageSize);
  return pages;
}

describe('activities.get', () => {
  it.each<[string, Record<string, unknown>, (seed: Seed) => boolean]>([
    ['no filter', {}, () => true],
    ['documentId', { documentId: 'd1' }, (s) => s.documentId === 'd1'],
    ['targetEntityId', { targetEntityId: 't1' }, (s) => s.targetEntityId === 't1'],
    ['featureTypes', { featureTypes: ['reaction'] }, (s) => s.featureType === 'reaction'],
    ['several featureTypes', { featureTypes: ['reaction', 'custom'] }, (s) => s.featureType !== 'comment'],
    ['actionTypes', { actionTypes: ['comment.delete'] }, (s) => s.actionType === 'comment.delete'],
    ['userId', { userId: 'u1' }, (s) => s.userId === 'u1'],
    ['activityIds', { activityIds: ['a03', 'a07', 'nope'] }, (s) => ['a03', 'a07'].includes(s.id)],
    [
      'documentId + userId + actionTypes',
      { documentId: 'd2', userId: 'u2', actionTypes: ['comment.add'] },
      (s) => s.documentId === 'd2' && s.userId === 'u2' && s.actionType === 'comment.add',
    ],
    [
      'featureTypes + userId',
      { featureTypes: ['comment', 'custom'], userId: 'u2' },
      (s) => s.featureType !== 'reaction' && s.userId === 'u2',
    ],
    [
      'targetEntityId + documentId',
      { targetEntityId: 't1', documentId: 'd1' },
      (s) => s.targetEntityId === 't1' && s.documentId === 'd1',
    ],
    [
      'activityIds + featureTypes',
      { activityIds: ['a01', 'a02'], featureTypes: ['reaction'] },
      (s) => s.id === 'a01',
    ],
  ])('filters by %s, newest first', async (_name, filters, keep) => {
    const records = await listActivities(workspace, filters);
    expect(records.map((record) => record.id)).toEqual(expected(keep));
  });

  it('orders oldest first with order asc', async () => {
    const records = await listActivities(workspace, { order: 'asc', userId: 'u2' });
    expect(records.map((record) => record.id)).toEqual(expected((s) => s.userId === 'u2', 'asc'));
  });

  it.each<[string, Record<string, unknown>, (seed: Seed) => boolean]>([
    ['the organization timeline', {}, () => true],
    ['a residual filter', { actionTypes: ['comment.add'] }, (s) => s.actionType === 'comment.add'],
    [
      'merged feature timelines',
      { featureTypes: ['comment', 'reaction'] },
      (s) => s.featureType !== 'custom',
    ],
    [
      'an index plus a residual filter',
      { documentId: 'd1', userId: 'u2' },
      (s) => s.documentId === 'd1' && s.userId === 'u2',
    ],
    [
      'activityIds',
      { activityIds: ['a00', 'a05', 'a06', 'a09', 'a10'], order: 'asc' },
      (s) => ['a00', 'a05', 'a06', 'a09', 'a10'].includes(s.id),
    ],
  ])(
    'walks %s in full pages, every match exactly once, no token on the last page',
    async (_name, query, keep) => {
      for (const pageSize of [2, 7]) {
        const pages = await walk(query, pageSize);
        expect(pages.flat()).toEqual(expected(keep, (query.order as 'asc' | undefined) ?? 'desc'));
      }
    },
    15_000,
  );

  it('gives no token when the last page is exactly full', async () => {
    const pages = await walk({ documentId: 'd1' }, 6);
    expect(pages.map((page) => page.length)).toEqual([6, 6]);
  });

  it('serves a filtered page with one Query on the matching index', async () => {
    for (const filters of [
      { documentId: 'd1' },
      { userId: 'u1' },
      { targetEntityId: 't1' },
      { featureTypes: ['custom'] },
      {},
    ]) {
      const response = await callAs(workspace, 'activities.get', { organizationId, ...filters, pageSize: 2 });
      // The page's Query travels with the auth read (prefetch).
      expect(response.db.commands.sort()).toEqual(['GetItem', 'Query']);
      expect(response.db.serialRoundTrips).toBe(1);
    }
  });

  it('rejects tampered, foreign and other-query page tokens with INVALID_ARGUMENT', async () => {
    const query = { organizationId, documentId: 'd1', pageSize: 2 };
    const token = await firstPageToken(workspace, 'activities.get', query);
    const other = await createTestWorkspace();
    const attempts = [
      callAs(workspace, 'activities.get', { ...query, pageToken: tamperedToken(token) }),
      callAs(workspace, 'activities.get', { ...query, documentId: 'd2', pageToken: token }),
      callAs(workspace, 'activities.get', {
        organizationId,
        documentId: 'd1',
        order: 'asc',
        pageToken: token,
      }),
      callAs(other, 'activities.get', { ...query, pageToken: token }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.json.error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: expect.stringContaining('pageToken'),
      });
    }
  });

  it("never shows another API key's activities", async () => {
    const other = await createTestWorkspace();
    expect(await listActivities(other)).toEqual([]);
    expect(await listActivities(other, { activityIds: ['a01'] })).toEqual([]);
  });

  it.each([
    ['an unknown feature type', { featureTypes: ['poll'] }, 'featureTypes[0]'],
    ['an order other than asc/desc', { order: 'newest' }, 'order'],
    ['pageSize 0', { pageSize: 0 }, 'pageSize'],
    ['a fractional pageSize', { pageSize: 1.5 }, 'pageSize'],
    ['pageSize over the maximum', { pageSize: 1001 }, 'pageSize'],
    ['a missing organizationId', { organizationId: undefined }, 'organizationId'],
  ])('answers INVALID_ARGUMENT naming the field for %s', async (_name, data, field) => {
    const response = await callAs(workspace, 'activities.get', { organizationId, ...data });
    expect(response.json.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining(field),
    });
  });
});

describe('activities.get page size', () => {
  it('defaults to 1000', async () => {
    const crowded = await createTestWorkspace();
    const now = Date.now();
    await putNewActivities(
      crowded.apiKey,
      Array.from({ length: 1001 }, (_, index) => ({
        id: `bulk-${index}`,
        featureType: 'custom' as const,
        actionType: 'bulk',
        actionUser: { userId: 'bulk' },
        metadata: { apiKey: crowded.apiKey, documentId: 'doc', organizationId },
        timestamp: now,
      })),
      now,
    );
    const first = await callAs(crowded, 'activities.get', { organizationId });
    expect(first.json.result?.data).toHaveLength(1000);
    const second = await succeed(crowded, 'activities.get', {
      organizationId,
      pageToken: first.json.result?.pageToken,
    });
    expect(second).toHaveLength(1);
  }, 20_000);
});
