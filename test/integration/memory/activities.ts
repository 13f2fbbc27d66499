import { succeed } from '../../support/api';
import type { TestWorkspace } from '../../support/workspaces';
import { organizationId } from './support';

/** A comment-shaped activity (the comments feature's shape) recording `actionType` on a thread. */
export const commentActivity = (fields: {
  id?: string;
  actionType?: string;
  text?: string;
  annotationId?: string;
  commentId?: string;
  userId?: string;
  agent?: Record<string, unknown>;
  changes?: Record<string, { from: unknown; to: unknown }>;
  icon?: string;
  context?: Record<string, unknown>;
}) => ({
  ...(fields.id !== undefined && { id: fields.id }),
  featureType: fields.actionType?.includes('reaction') ? 'reaction' : 'comment',
  actionType: fields.actionType ?? 'comment.add',
  actionUser: {
    userId: fields.userId ?? 'alice',
    name: 'Alice',
    ...(fields.agent && { agent: fields.agent }),
  },
  targetEntityId: fields.annotationId ?? 'thread-1',
  targetSubEntityId: fields.commentId ?? 'comment-1',
  ...(fields.changes && { changes: fields.changes }),
  entityData: {
    annotationId: fields.annotationId ?? 'thread-1',
    ...(fields.context && { context: fields.context }),
  },
  entityTargetData: {
    commentId: fields.commentId ?? 'comment-1',
    ...(fields.text !== undefined && { commentText: fields.text }),
    from: { userId: fields.userId ?? 'alice' },
    ...(fields.icon !== undefined && { icon: fields.icon }),
  },
});

/** A custom activity carrying an explicit judgment. */
export const explicitActivity = (
  judgment: { decision: string; reasoning?: string; confidence?: number },
  fields: Record<string, unknown> = {},
) => ({
  featureType: 'custom',
  actionType: 'review.decide',
  actionUser: { userId: 'reviewer', name: 'Rita Reviewer' },
  entityData: { judgment },
  ...fields,
});

/** Writes `activities` on a document through activities.add (judgments derive from them). */
export const addActivities = (
  workspace: TestWorkspace,
  documentId: string,
  activities: Record<string, unknown>[],
  organization = organizationId,
) => succeed(workspace, 'activities.add', { organizationId: organization, documentId, activities });
