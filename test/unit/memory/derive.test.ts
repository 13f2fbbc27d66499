import type { Activity } from '../../../shared/activities/schemas';
import { annotationStatuses } from '../../../shared/comments/schemas';
import { embeddingTexts, judgmentFor, terminalStatuses } from '../../../shared/memory/derive';

const activity = (fields: Partial<Activity> & Record<string, unknown>): Activity =>
  ({
    id: 'act-1',
    featureType: 'comment',
    actionType: 'comment.add',
    actionUser: { userId: 'alice', name: 'Alice' },
    targetEntityId: 'ann-1',
    targetSubEntityId: 'c-1',
    entityData: { annotationId: 'ann-1', type: 'suggestion' },
    entityTargetData: { commentId: 'c-1', commentText: 'Looks risky', from: { userId: 'alice' } },
    metadata: { apiKey: 'ak', organizationId: 'org', documentId: 'doc' },
    timestamp: 1_700_000_000_000,
    ...fields,
  }) as Activity;

describe('judgmentFor', () => {
  it('resolves on a change to annotation statuses only, the last two of the lifecycle', () => {
    expect(terminalStatuses).toEqual(annotationStatuses.slice(-2));
  });

  it.each([
    ['comment.add', {}, 'comment'],
    ['comment_annotation.add', {}, 'comment'],
    [
      'comment_annotation.status_change',
      { changes: { status: { from: 'open', to: 'resolved' } } },
      'resolve',
    ],
    ['comment_annotation.status_change', { changes: { status: { from: 'open', to: 'closed' } } }, 'resolve'],
    [
      'comment_annotation.status_change',
      { changes: { status: { from: 'open', to: 'in_progress' } } },
      'in_progress',
    ],
    ['comment_annotation.suggestion_accept', {}, 'approve'],
    ['comment.accept', {}, 'approve'],
    ['comment_annotation.approve', {}, 'approve'],
    ['comment_annotation.suggestion_reject', {}, 'reject'],
    ['comment.reject', {}, 'reject'],
    ['reaction.add', { entityTargetData: { commentId: 'c-1', commentText: 'x', icon: '👍' } }, 'agree'],
    ['comment.reaction_add', { entityTargetData: { commentId: 'c-1', icon: '👍🏽' } }, 'agree'],
    ['reaction.add', { entityData: { icon: '👎' } }, 'disagree'],
    ['comment.reaction_add', { entityTargetData: { commentId: 'c-1', icon: ':-1:' } }, 'disagree'],
  ])('maps %s (%j) to %s', (actionType, fields, decision) => {
    expect(judgmentFor(activity({ actionType, ...fields }))?.decision).toBe(decision);
  });

  it.each([
    ['comment.update', {}],
    ['comment.delete', {}],
    ['comment_annotation.assign', {}],
    ['comment_annotation.add', { entityTargetData: undefined }],
    ['reaction.add', { entityTargetData: { icon: '🎉' } }],
    ['reaction.add', {}],
  ])('derives nothing from %s %j', (actionType, fields) => {
    expect(judgmentFor(activity({ actionType, ...fields }))).toBeNull();
  });

  it('takes an explicit entityData.judgment over the action type, with its reasoning and confidence', () => {
    const judgment = judgmentFor(
      activity({
        featureType: 'custom',
        actionType: 'anything',
        entityData: { judgment: { decision: 'reject', reasoning: 'Breaks the API', confidence: 0.4 } },
      }),
    );
    expect(judgment).toMatchObject({ decision: 'reject', reasoning: 'Breaks the API', confidence: 0.4 });
  });

  it('ignores a malformed explicit judgment', () => {
    expect(
      judgmentFor(
        activity({ actionType: 'custom.x', entityData: { judgment: { decision: 'Not A Word!' } } }),
      ),
    ).toBeNull();
  });

  it('fills every field of a human comment judgment', () => {
    expect(
      judgmentFor(activity({ entityData: { type: 'suggestion', context: { text: 'const x = 1;' } } })),
    ).toEqual({
      recordId: 'act-1',
      decision: 'comment',
      reasoning: 'Looks risky',
      confidence: 1,
      actionUser: { userId: 'alice', name: 'Alice' },
      createdAt: 1_700_000_000_000,
      agent: null,
      judgeType: 'human',
      contentType: 'suggestion',
      reviewerId: 'alice',
      organizationId: 'org',
      documentId: 'doc',
      annotationId: 'ann-1',
      commentId: 'c-1',
      contentText: 'const x = 1;',
    });
  });

  it('marks an agent judgment from the acting user or the comment, with the agent confidence', () => {
    const byUser = judgmentFor(
      activity({ actionUser: { userId: 'bot', agent: { name: 'reviewer-bot', confidence: 0.7 } } as never }),
    );
    expect(byUser).toMatchObject({
      judgeType: 'agent',
      agent: { name: 'reviewer-bot', confidence: 0.7 },
      confidence: 0.7,
    });
    expect(byUser?.actionUser).toEqual({ userId: 'bot' });
    const byComment = judgmentFor(
      activity({ entityTargetData: { commentId: 'c-1', commentText: 'auto', agent: { model: 'm' } } }),
    );
    expect(byComment).toMatchObject({ judgeType: 'agent', agent: { model: 'm' }, confidence: 1 });
  });

  it('reads the reasoning from commentHtml when there is no commentText, and contentType from the context', () => {
    const judgment = judgmentFor(
      activity({
        entityTargetData: { commentId: 'c-1', commentHtml: '<p>Use <b>const</b> &amp; let</p>' },
        entityData: { context: { contentType: 'code', snippet: 'var x' } },
      }),
    );
    expect(judgment).toMatchObject({
      reasoning: 'Use const & let',
      contentType: 'code',
      contentText: 'var x',
    });
  });

  it('keeps a `<` that opens no tag in the reasoning from commentHtml', () => {
    const judgment = judgmentFor(
      activity({ entityTargetData: { commentId: 'c-1', commentHtml: 'if a < b <i>then</i> <<swap>' } }),
    );
    expect(judgment?.reasoning).toBe('if a < b then <');
  });

  it('embeds the decision with the reasoning, and the reviewed content separately', () => {
    const judgment = judgmentFor(activity({ entityData: { context: { text: 'the content' } } }))!;
    expect(embeddingTexts(judgment)).toEqual({ review: 'comment Looks risky', content: 'the content' });
    expect(embeddingTexts({ ...judgment, contentText: undefined }).content).toBeUndefined();
  });

  it('embeds the first 4,000 characters of a long review, keeping the whole reasoning', () => {
    const reasoning = 'word '.repeat(10_000);
    const judgment = judgmentFor(
      activity({ entityTargetData: { commentId: 'c-1', commentText: reasoning, from: { userId: 'alice' } } }),
    )!;
    expect(judgment.reasoning).toBe(reasoning);
    expect(embeddingTexts(judgment).review).toBe(`comment ${reasoning}`.slice(0, 4000).trim());
  });
});
