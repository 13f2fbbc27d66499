import { activityTransactItems } from '../../../shared/activities/repository';
import { transactWrite } from '../../../shared/db/batch';
import { callAs, succeed } from '../../support/api';
import type { TestWorkspace } from '../../support/workspaces';
import { addActivities, commentActivity, explicitActivity } from './activities';
import { givenWorkspaceWithActivities, organizationId, queryJudgments, search } from './support';

let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await givenWorkspaceWithActivities();
});

describe('judgments written with activities', () => {
  it('derives a judgment from a comment activity written by activities.add, with every field', async () => {
    const results = await addActivities(workspace, 'doc', [
      commentActivity({
        text: 'Please add input validation here',
        context: { text: 'function save(x) {}', contentType: 'code' },
      }),
    ]);
    const [recordId] = Object.keys(results);
    const { results: found, total } = await queryJudgments(workspace, { organizationId });
    expect(total).toBe(1);
    expect(found).toEqual([
      {
        recordId,
        decision: 'comment',
        reasoning: 'Please add input validation here',
        confidence: 1,
        actionUser: { userId: 'alice', name: 'Alice' },
        createdAt: expect.any(Number),
        similarity: 1,
        scope: 'organization',
        agent: null,
        judgeType: 'human',
        contentType: 'code',
        reviewerId: 'alice',
        organizationId,
        documentId: 'doc',
        annotationId: 'thread-1',
        commentId: 'comment-1',
      },
    ]);
  });

  it('writes no judgment for an activity that records no decision', async () => {
    await addActivities(workspace, 'doc', [
      commentActivity({ actionType: 'comment.update', text: 'edited' }),
      commentActivity({ actionType: 'reaction.add', icon: '🎉' }),
    ]);
    expect((await queryJudgments(workspace, { organizationId })).total).toBe(0);
  });

  it('replaces the judgment when an activity of a given id is rewritten, and removes it when the rewrite decides nothing', async () => {
    await addActivities(workspace, 'doc', [
      explicitActivity({ decision: 'approve', reasoning: 'fine' }, { id: 'given' }),
    ]);
    await addActivities(workspace, 'doc', [
      explicitActivity({ decision: 'reject', reasoning: 'not fine' }, { id: 'given' }),
    ]);
    const { results } = await queryJudgments(workspace, { organizationId });
    expect(results.map((judgment) => [judgment.recordId, judgment.decision])).toEqual([['given', 'reject']]);
    await addActivities(workspace, 'doc', [
      { ...explicitActivity({ decision: 'x' }, { id: 'given' }), entityData: {} },
    ]);
    expect((await queryJudgments(workspace, { organizationId })).total).toBe(0);
    expect((await search(workspace, { query: 'not fine', organizationId })).results).toEqual([]);
  });

  it('re-derives the judgment when activities.update changes the activity, and deletes it with the activity', async () => {
    await addActivities(workspace, 'doc', [
      explicitActivity({ decision: 'approve', reasoning: 'ok' }, { id: 'a1' }),
    ]);
    await succeed(workspace, 'activities.update', {
      organizationId,
      activities: [
        { id: 'a1', entityData: { judgment: { decision: 'reject', reasoning: 'security hole' } } },
      ],
    });
    const after = await queryJudgments(workspace, { organizationId });
    expect(after.results.map((judgment) => [judgment.decision, judgment.reasoning])).toEqual([
      ['reject', 'security hole'],
    ]);
    expect((await search(workspace, { query: 'security hole', organizationId })).results[0]?.recordId).toBe(
      'a1',
    );

    await succeed(workspace, 'activities.delete', { organizationId, activityIds: ['a1'] });
    expect((await queryJudgments(workspace, { organizationId })).total).toBe(0);
    expect((await search(workspace, { query: 'security hole', organizationId })).totalInScope).toBe(0);
  });

  it('writes a given-id activity and its judgment in one transaction', async () => {
    const response = await callAs(workspace, 'activities.add', {
      organizationId,
      documentId: 'doc',
      activities: [
        explicitActivity({ decision: 'approve' }, { id: 'tx' }),
        explicitActivity({ decision: 'approve' }),
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.db.commands.sort()).toEqual([
      'BatchWriteItem',
      'GetItem',
      'GetItem',
      'TransactWriteItems',
    ]);
  });

  it('adds the judgment to the transaction items other producers write an activity with', async () => {
    const now = Date.now();
    const items = await activityTransactItems(
      workspace.apiKey,
      {
        ...commentActivity({
          id: 'from-comments',
          actionType: 'comment.accept',
          text: 'Good catch, accepted',
        }),
        featureType: 'comment',
        metadata: { apiKey: workspace.apiKey, organizationId, documentId: 'doc' },
        timestamp: now,
      } as never,
      now,
    );
    // The activity, its judgment and its review vector.
    expect(items).toHaveLength(3);
    await transactWrite(items);
    const { results } = await queryJudgments(workspace, {
      organizationId,
      filters: { annotationId: 'thread-1' },
    });
    expect(results.map((judgment) => [judgment.recordId, judgment.decision])).toEqual([
      ['from-comments', 'approve'],
    ]);
  });
});
