import {
  activityOf,
  activityTriggerOf,
  type CommentChange,
  commentEvents,
  recipientsOf,
  recordsActivity,
} from '../../../shared/comments/effects';
import type { AnnotationRecord, CommentRecord } from '../../../shared/comments/schemas';
import { commentActivityActions } from '../../../shared/settings/merge';
import { defaultWebhookTriggers } from '../../../shared/settings/webhook-config-merge';

const alice = { userId: 'alice', name: 'Alice', email: 'a@example.com' };
const bob = { userId: 'bob', name: 'Bob' };
const carol = { userId: 'carol', email: 'c@example.com' };

const annotation: AnnotationRecord = {
  annotationId: 'a1',
  organizationId: 'org',
  documentId: 'doc',
  type: 'comment',
  status: 'open',
  assignedTo: { userId: 'dave' },
  createdBy: alice,
  participants: { alice, bob },
  createdAt: 1,
  lastUpdated: 1,
  version: 0,
};

const comment: CommentRecord = {
  commentId: 'c1',
  annotationId: 'a1',
  commentText: 'hi',
  from: bob,
  taggedUserContacts: [{ userId: 'carol', contact: carol }, { userId: 'bob' }],
  reactions: {},
  createdAt: 1,
  lastUpdated: 1,
  version: 0,
};

const change: CommentChange = { event: 'comment.add', annotation, comment, actionUser: bob };

describe('comment events and activity triggers', () => {
  it('names only events the basic-webhook triggers know, except the thread delete', () => {
    const known = Object.keys(defaultWebhookTriggers);
    expect(commentEvents.filter((event) => !known.includes(event))).toEqual(['comment_annotation.delete']);
  });

  it('maps every event to a comment activity trigger that the first enable seeds', () => {
    for (const event of commentEvents) {
      expect(commentActivityActions).toContain(activityTriggerOf[event]);
    }
  });
});

describe('recipientsOf', () => {
  it('lists tagged users, the assignee and participants once each, without the actor', () => {
    expect(recipientsOf(change)).toEqual([
      { userId: 'carol', name: undefined, email: 'c@example.com' },
      { userId: 'dave', name: undefined, email: undefined },
      { userId: 'alice', name: 'Alice', email: 'a@example.com' },
    ]);
  });
});

describe('activities of changes', () => {
  const on = { isEnabled: true, triggers: { comment: { added: true, updated: false } } };

  it('are recorded only with the service on, the trigger on and triggerActivities not false', () => {
    expect(recordsActivity(on, change)).toBe(true);
    expect(recordsActivity({ ...on, isEnabled: false }, change)).toBe(false);
    expect(recordsActivity(on, { ...change, event: 'comment.update' })).toBe(false);
    expect(recordsActivity(on, { ...change, recordActivity: false })).toBe(false);
    expect(recordsActivity({ isEnabled: true }, change)).toBe(false);
  });

  it('have the agreed shape: reaction feature for reactions, agent on the acting user, comment snapshot', () => {
    const agent = { agentId: 'bot' };
    const activity = activityOf('ak', on, { ...change, event: 'comment.reaction_add', icon: '👍', agent }, 5);
    expect(activity).toMatchObject({
      featureType: 'reaction',
      actionType: 'comment.reaction_add',
      actionUser: { ...bob, agent },
      targetEntityId: 'a1',
      targetSubEntityId: 'c1',
      entityData: { annotationId: 'a1', type: 'comment', status: 'open', assignedTo: { userId: 'dave' } },
      entityTargetData: { commentId: 'c1', commentText: 'hi', from: bob, icon: '👍' },
      metadata: { apiKey: 'ak', organizationId: 'org', documentId: 'doc' },
      timestamp: 5,
    });
    expect(activity.entityData).not.toHaveProperty('participants');
  });
});
