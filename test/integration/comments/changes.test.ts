import { callAs, succeed } from '../../support/api';
import { outboxEvents } from '../../support/outbox';
import { alice, bob, carol } from '../../support/people';
import type { TestWorkspace } from '../../support/workspaces';
import {
  addThread,
  comment,
  enableActivities,
  givenWorkspaceWithDocument,
  organizationId,
  testDocument,
  threadOf,
} from './support';

let workspace: TestWorkspace;
const annotationId = 'a1';
const onThread = (fields: Record<string, unknown>) => ({ ...testDocument, annotationId, ...fields });
const eventsOf = async () => (await outboxEvents(workspace.apiKey)).map((event) => event.event);

beforeEach(async () => {
  workspace = await givenWorkspaceWithDocument();
  await addThread(workspace, annotationId, { commentData: [comment(alice, { commentId: 'c1' })] });
});

describe('commentannotations.comments.add', () => {
  it('adds replies with comment.add events carrying the thread, the comment, the actor and recipients', async () => {
    const ids = await succeed(
      workspace,
      'commentannotations.comments.add',
      onThread({
        commentData: [comment(bob, { taggedUserContacts: [{ userId: 'carol', contact: carol }] })],
      }),
    );
    expect(ids).toEqual([expect.any(String)]);
    const events = await outboxEvents(workspace.apiKey);
    const reply = events.at(-1)!;
    expect(reply).toMatchObject({
      event: 'comment.add',
      actionType: 'add',
      source: 'comment',
      ...testDocument,
      data: {
        annotationId,
        commentAnnotation: { annotationId, type: 'comment', status: 'open' },
        targetComment: { commentId: ids[0], from: bob, commentText: 'Bob says hi' },
        actionUser: bob,
        metadata: { apiKey: workspace.apiKey, ...testDocument },
      },
    });
    // Tagged carol and participant alice; never the actor bob.
    expect(reply.toUsers?.map((user) => user.userId).sort()).toEqual(['alice', 'carol']);
    expect(
      (await threadOf(workspace, annotationId)).comments.map((c: { commentId: string }) => c.commentId),
    ).toEqual(['c1', ids[0]]);
  });

  it('lands both of two replies racing on the same thread', async () => {
    const replies = await Promise.all(
      [bob, carol, alice, bob].map((from) =>
        callAs(workspace, 'commentannotations.comments.add', onThread({ commentData: [comment(from)] })),
      ),
    );
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect((await threadOf(workspace, annotationId)).comments).toHaveLength(5);
    expect((await eventsOf()).filter((event) => event === 'comment.add')).toHaveLength(4);
  });

  it('answers NOT_FOUND for a missing thread and ALREADY_EXISTS for a taken comment id, writing nothing', async () => {
    const missing = await callAs(
      workspace,
      'commentannotations.comments.add',
      onThread({ annotationId: 'nope', commentData: [comment(bob)] }),
    );
    expect(missing.json.error?.status).toBe('NOT_FOUND');
    const taken = await callAs(
      workspace,
      'commentannotations.comments.add',
      onThread({ commentData: [comment(bob, { commentId: 'c1' })] }),
    );
    expect(taken.json.error?.status).toBe('ALREADY_EXISTS');
    expect(await eventsOf()).toEqual(['comment_annotation.add']);
  });
});

describe('commentannotations.comments.update and delete', () => {
  it('updates the text with a comment.update event and an activity recording from/to', async () => {
    await enableActivities(workspace);
    await succeed(
      workspace,
      'commentannotations.comments.update',
      onThread({ commentId: 'c1', commentText: 'edited', actionUser: alice }),
    );
    expect((await threadOf(workspace, annotationId)).comments[0].commentText).toBe('edited');
    const update = (await outboxEvents(workspace.apiKey)).at(-1)!;
    expect(update.event).toBe('comment.update');
    expect(update.data.changes).toEqual({ commentText: { from: 'Alice says hi', to: 'edited' } });
    const [activity] = await succeed(workspace, 'activities.get', testDocument);
    expect(activity).toMatchObject({
      featureType: 'comment',
      actionType: 'comment.update',
      targetEntityId: annotationId,
      targetSubEntityId: 'c1',
      changes: { commentText: { from: 'Alice says hi', to: 'edited' } },
      entityTargetData: { commentId: 'c1', commentText: 'edited', from: alice },
    });
  });

  it('answers NOT_FOUND for a missing comment', async () => {
    const response = await callAs(
      workspace,
      'commentannotations.comments.update',
      onThread({ commentId: 'nope', commentText: 'x', actionUser: alice }),
    );
    expect(response.json.error?.status).toBe('NOT_FOUND');
  });

  it('deletes comments with comment.delete events; missing ids fail per item', async () => {
    const result = await succeed(
      workspace,
      'commentannotations.comments.delete',
      onThread({ commentIds: ['c1', 'x'] }),
    );
    expect(result).toEqual({
      c1: { success: true, message: expect.any(String) },
      x: { success: false, message: expect.any(String) },
    });
    expect((await threadOf(workspace, annotationId)).comments).toEqual([]);
    expect(await eventsOf()).toEqual(['comment_annotation.add', 'comment.delete']);
  });
});

describe('commentannotations.update', () => {
  it('changes status, priority and assignee in one transaction with one event and activity each', async () => {
    await enableActivities(workspace);
    const response = await callAs(
      workspace,
      'commentannotations.update',
      onThread({ status: 'in_progress', priority: 'high', assignedTo: bob, actionUser: alice }),
    );
    expect(response.json.result?.data).toMatchObject({
      annotationId,
      status: 'in_progress',
      priority: 'high',
      assignedTo: bob,
    });
    expect(response.db.commands.filter((name) => name === 'TransactWriteItems')).toHaveLength(1);
    const events = (await outboxEvents(workspace.apiKey)).slice(1);
    expect(events.map((event) => event.event)).toEqual([
      'comment_annotation.status_change',
      'comment_annotation.priority_change',
      'comment_annotation.assign',
    ]);
    expect(events[0]?.data).toMatchObject({ oldStatus: 'open', newStatus: 'in_progress', actionUser: alice });
    expect(events[1]?.data).toMatchObject({ oldPriority: null, newPriority: 'high' });
    const activities = await succeed(workspace, 'activities.get', {
      organizationId,
      actionTypes: ['comment_annotation.status_change'],
    });
    expect(activities[0]).toMatchObject({
      changes: { status: { from: 'open', to: 'in_progress' } },
      entityData: { annotationId, status: 'in_progress', priority: 'high', assignedTo: bob },
    });
  });

  it('writes nothing when nothing changes', async () => {
    const response = await callAs(
      workspace,
      'commentannotations.update',
      onThread({ status: 'open', actionUser: alice }),
    );
    expect(response.statusCode).toBe(200);
    expect(await eventsOf()).toEqual(['comment_annotation.add']);
  });

  it('records status changes racing each other one after the other, each from the status before it', async () => {
    await Promise.all(
      ['in_progress', 'resolved', 'closed'].map((status) =>
        succeed(workspace, 'commentannotations.update', onThread({ status, actionUser: alice })),
      ),
    );
    const changes = (await outboxEvents(workspace.apiKey))
      .filter((event) => event.event === 'comment_annotation.status_change')
      .map((event) => [event.data.oldStatus as string, event.data.newStatus as string]);
    expect(changes).toHaveLength(3);
    // A chain from open: each change starts where another ended, none from a stale status.
    let status = 'open';
    for (const _ of changes) {
      const next = changes.find(([from]) => from === status);
      expect(next).toBeDefined();
      status = next?.[1] ?? '';
    }
  });

  it('records a suggestion decision once; a second decision is FAILED_PRECONDITION', async () => {
    await addThread(workspace, 's1', { type: 'suggestion' });
    const accept = await succeed(
      workspace,
      'commentannotations.update',
      onThread({ annotationId: 's1', suggestionDecision: 'accept', actionUser: bob }),
    );
    expect(accept.suggestionDecision).toBe('accept');
    const again = await callAs(
      workspace,
      'commentannotations.update',
      onThread({ annotationId: 's1', suggestionDecision: 'reject', actionUser: bob }),
    );
    expect(again.json.error?.status).toBe('FAILED_PRECONDITION');
    const notSuggestion = await callAs(
      workspace,
      'commentannotations.update',
      onThread({ suggestionDecision: 'accept', actionUser: bob }),
    );
    expect(notSuggestion.json.error?.status).toBe('FAILED_PRECONDITION');
    expect((await eventsOf()).filter((event) => event.startsWith('comment_annotation.suggestion'))).toEqual([
      'comment_annotation.suggestion_accept',
    ]);
  });

  it('answers NOT_FOUND for a missing thread', async () => {
    const response = await callAs(
      workspace,
      'commentannotations.update',
      onThread({ annotationId: 'nope', status: 'resolved', actionUser: alice }),
    );
    expect(response.json.error?.status).toBe('NOT_FOUND');
  });
});

describe('commentannotations.reactions', () => {
  it('adds and removes a reaction with reaction events and reaction activities', async () => {
    await enableActivities(workspace);
    const reaction = onThread({ commentId: 'c1', icon: '👍', actionUser: bob });
    await succeed(workspace, 'commentannotations.reactions.add', reaction);
    await succeed(workspace, 'commentannotations.reactions.add', reaction);
    const [stored] = (await threadOf(workspace, annotationId)).comments[0].reactions;
    expect(stored).toEqual({ icon: '👍', user: bob, createdAt: expect.any(Number) });
    await succeed(workspace, 'commentannotations.reactions.delete', reaction);
    expect((await threadOf(workspace, annotationId)).comments[0].reactions).toEqual([]);
    const again = await callAs(workspace, 'commentannotations.reactions.delete', reaction);
    expect(again.json.error?.status).toBe('NOT_FOUND');
    expect(await eventsOf()).toEqual([
      'comment_annotation.add',
      'comment.reaction_add',
      'comment.reaction_delete',
    ]);
    const activities = await succeed(workspace, 'activities.get', {
      organizationId,
      featureTypes: ['reaction'],
    });
    expect(activities.map((activity: { actionType: string }) => activity.actionType).sort()).toEqual([
      'comment.reaction_add',
      'comment.reaction_delete',
    ]);
    expect(activities[0].entityTargetData).toMatchObject({ commentId: 'c1', icon: '👍' });
  });
});

describe('activities of comments', () => {
  it('writes none when the action trigger is off or the comment says triggerActivities: false', async () => {
    await succeed(workspace, 'workspace.activityconfig.update', {
      activityServiceConfig: { isEnabled: true, triggers: { comment: { updated: false } } },
    });
    await succeed(
      workspace,
      'commentannotations.comments.update',
      onThread({ commentId: 'c1', commentText: 'edited', actionUser: alice }),
    );
    await succeed(
      workspace,
      'commentannotations.comments.add',
      onThread({ commentData: [comment(bob, { triggerActivities: false })] }),
    );
    expect(await succeed(workspace, 'activities.get', testDocument)).toEqual([]);
    expect(await eventsOf()).toEqual(['comment_annotation.add', 'comment.update', 'comment.add']);
  });

  it('carries the agent block on the acting user of an agent comment', async () => {
    await enableActivities(workspace);
    const agent = { agentId: 'reviewer-bot', model: 'x-1' };
    await succeed(
      workspace,
      'commentannotations.comments.add',
      onThread({ commentData: [comment(bob, { agent })] }),
    );
    const [activity] = await succeed(workspace, 'activities.get', testDocument);
    expect(activity.actionUser).toEqual({ ...bob, agent });
    expect(activity.entityTargetData.agent).toEqual(agent);
  });
});

describe('critical paths of thread writes', () => {
  it('reads the config and the thread beside the auth read, then commits: two serial round trips each', async () => {
    await enableActivities(workspace);
    const writes = [
      ['commentannotations.comments.add', onThread({ commentData: [comment(bob, { commentId: 'c2' })] })],
      [
        'commentannotations.comments.update',
        onThread({ commentId: 'c2', commentText: 'new', actionUser: bob }),
      ],
      ['commentannotations.reactions.add', onThread({ commentId: 'c1', icon: '👍', actionUser: bob })],
      ['commentannotations.reactions.delete', onThread({ commentId: 'c1', icon: '👍', actionUser: bob })],
      ['commentannotations.update', onThread({ priority: 'high', actionUser: alice })],
      ['commentannotations.comments.delete', onThread({ commentIds: ['c2'] })],
    ] as const;
    for (const [route, data] of writes) {
      const response = await callAs(workspace, route, data);
      expect({ route, status: response.statusCode }).toEqual({ route, status: 200 });
      // Auth, the activity config and the thread (BatchGetItem, or a GetItem for the update) in
      // flight together (prefetch), then the transaction.
      const threadRead = route === 'commentannotations.update' ? 'GetItem' : 'BatchGetItem';
      expect(response.db.commands.sort()).toEqual(
        ['GetItem', 'GetItem', threadRead, 'TransactWriteItems'].sort(),
      );
      expect({ route, serial: response.db.serialRoundTrips }).toEqual({ route, serial: 2 });
    }
  });
});
