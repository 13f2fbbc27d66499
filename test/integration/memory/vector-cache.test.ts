import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { clearVectorCache } from '../../../shared/memory/vector-cache';
import { callAs, succeed } from '../../support/api';
import type { TestWorkspace } from '../../support/workspaces';
import { addActivities, explicitActivity } from './activities';
import { givenWorkspaceWithActivities, organizationId, search } from './support';

let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await givenWorkspaceWithActivities();
});

const decide = (id: string, decision: string, reasoning: string) =>
  explicitActivity({ decision, reasoning }, { id });

/** What a search answers, without its latency; compared between a warm cache and a fresh load. */
async function answer(query: string, filters?: Record<string, unknown>) {
  const { results, totalInScope } = await search(workspace, {
    query,
    organizationId,
    ...(filters && { filters }),
  });
  return { ids: results.map((result) => [result.recordId, result.decision]), totalInScope };
}

/** The same search answered by a cold container: the cache dropped, the scope loaded again. */
async function freshAnswer(query: string, filters?: Record<string, unknown>) {
  clearVectorCache();
  return answer(query, filters);
}

describe("an organization's cached vectors", () => {
  it('are loaded by the first search (4 shard Queries) and caught up by one change-feed Query after', async () => {
    await addActivities(workspace, 'doc', [decide('a', 'reject', 'retry loop without backoff')]);
    clearVectorCache();
    const first = await callAs(workspace, 'memory.search', { query: 'backoff', organizationId });
    expect(first.db.commands.filter((command) => command === 'Query')).toHaveLength(4);
    const second = await callAs(workspace, 'memory.search', { query: 'backoff', organizationId });
    expect(second.db.commands.sort()).toEqual(['BatchGetItem', 'GetItem', 'Query']);
  });

  it('follow additions, rewrites, updates and deletions made after they were loaded', async () => {
    await addActivities(workspace, 'doc', [
      decide('a', 'reject', 'retry loop without backoff hammers the API'),
      decide('b', 'approve', 'exponential backoff on retries looks right'),
    ]);
    expect((await answer('retry backoff')).totalInScope).toBe(2);

    await addActivities(workspace, 'doc-2', [decide('c', 'reject', 'retries need jittered backoff')]);
    const added = await answer('jittered backoff');
    expect(added.totalInScope).toBe(3);
    expect(added.ids[0]).toEqual(['c', 'reject']);

    // A given id rewrites the activity and with it the judgment's decision.
    await addActivities(workspace, 'doc-2', [decide('c', 'approve', 'retries need jittered backoff')]);
    expect((await answer('jittered backoff', { decision: 'reject' })).ids).toEqual([['a', 'reject']]);

    await succeed(workspace, 'activities.update', {
      organizationId,
      activities: [{ id: 'b', entityData: {} }],
    });
    await succeed(workspace, 'activities.delete', { organizationId, activityIds: ['a'] });
    const after = await answer('retry backoff');
    expect(after).toEqual({ ids: [['c', 'approve']], totalInScope: 1 });
    expect(after).toEqual(await freshAnswer('retry backoff'));
  });

  it('leave a tombstone for a deleted vector: on the change feed, out of the scope partitions', async () => {
    await addActivities(workspace, 'doc', [decide('gone', 'reject', 'unsafe cast')]);
    await search(workspace, { query: 'cast', organizationId });
    await succeed(workspace, 'activities.delete', { organizationId, activityIds: ['gone'] });
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.judgmentVector(workspace.apiKey, organizationId, 'review', 'gone'),
      }),
    );
    expect(Item).toMatchObject({
      entity: 'judgmentVectorTombstone',
      recordId: 'gone',
      gsi2pk: keys.judgmentVectorChanges(workspace.apiKey, organizationId, 'review').partition,
    });
    expect(Item?.ttl).toBeGreaterThan(Date.now() / 1000);
    expect(Item).not.toHaveProperty('vector');
    expect(Item).not.toHaveProperty('gsi1pk');
    expect(Item).not.toHaveProperty('gsi3pk');
    expect(await answer('unsafe cast')).toEqual({ ids: [], totalInScope: 0 });
    expect(await freshAnswer('unsafe cast')).toEqual({ ids: [], totalInScope: 0 });
  });

  it("keep each API key's organization apart", async () => {
    const other = await givenWorkspaceWithActivities();
    await addActivities(workspace, 'doc', [decide('mine', 'reject', 'leaks the session token')]);
    await addActivities(other, 'doc', [decide('theirs', 'reject', 'leaks the session token')]);
    await search(workspace, { query: 'session token', organizationId });
    const theirs = await search(other, { query: 'session token', organizationId });
    expect(theirs.results.map((result) => result.recordId)).toEqual(['theirs']);
    const mine = await search(workspace, { query: 'session token', organizationId });
    expect(mine.results.map((result) => result.recordId)).toEqual(['mine']);
  });
});
