import type { RouteName } from '../../../shared/api/routes';
import { callAs } from '../../support/api';
import { createTestWorkspace } from '../../support/workspaces';

/**
 * The notification, activity, CRDT, comment and live-state routes read beside the auth read
 * (`prefetch`, decisions §43). With valid input but wrong credentials they still answer exactly
 * PERMISSION_DENIED, whatever their prefetch found or threw.
 */
const document = { organizationId: 'org', documentId: 'doc' };
const thread = { ...document, annotationId: 'a1' };
const user = { userId: 'alice' };

const validInputs: [RouteName, Record<string, unknown>][] = [
  [
    'notifications.add',
    {
      ...document,
      actionUser: user,
      notifyUsers: [],
      displayHeadlineMessageTemplate: 'h',
      displayBodyMessage: 'b',
    },
  ],
  ['notifications.get', { ...document, userId: 'alice' }],
  [
    'notifications.update',
    { organizationId: 'org', notifications: [{ id: 'n1', readByUserIds: ['alice'] }] },
  ],
  ['notifications.delete', { organizationId: 'org', notificationIds: ['n1'] }],
  [
    'activities.add',
    { ...document, activities: [{ featureType: 'custom', actionType: 'x', actionUser: user }] },
  ],
  ['activities.get', { organizationId: 'org' }],
  ['activities.update', { organizationId: 'org', activities: [{ id: 'x', actionIcon: 'i' }] }],
  ['activities.delete', { organizationId: 'org', activityIds: ['x'] }],
  ['crdt.get', { ...document, editorId: 'e1' }],
  ['crdt.update', { ...document, editorId: 'e1', type: 'text', data: 'x' }],
  ['livestate.broadcast', { ...document, liveStateDataId: 'cursor', data: { x: 1 }, merge: true }],
  [
    'commentannotations.add',
    { ...document, commentAnnotations: [{ commentData: [{ from: user, commentText: 'hi' }] }] },
  ],
  ['commentannotations.get', { ...document }],
  ['commentannotations.update', { ...thread, status: 'resolved', actionUser: user }],
  ['commentannotations.delete', { ...document, annotationIds: ['a1'] }],
  ['commentannotations.comments.add', { ...thread, commentData: [{ from: user, commentText: 'hi' }] }],
  ['commentannotations.comments.update', { ...thread, commentId: 'c1', commentText: 'x', actionUser: user }],
  ['commentannotations.comments.delete', { ...thread, commentIds: ['c1'] }],
  ['commentannotations.reactions.add', { ...thread, commentId: 'c1', icon: 'x', actionUser: user }],
  ['commentannotations.reactions.delete', { ...thread, commentId: 'c1', icon: 'x', actionUser: user }],
];

describe('routes that read beside the auth read', () => {
  it.each(validInputs)('%s refuses wrong credentials with PERMISSION_DENIED', async (route, data) => {
    const workspace = await createTestWorkspace();
    for (const apiKeyHeaders of [
      // Well formed, or nothing would start beside the auth read (test/integration/http/reads-before-auth.test.ts).
      { ...workspace.apiKeyHeaders, 'x-svc-auth-token': `at_${'x'.repeat(43)}` },
      { ...workspace.apiKeyHeaders, 'x-svc-api-key': `ak_${'u'.repeat(22)}` },
    ]) {
      const response = await callAs({ ...workspace, apiKeyHeaders }, route, data);
      // The prefetch ran (more than the auth read), yet nothing of it shows.
      expect(response.db.calls).toBeGreaterThan(1);
      expect(response.statusCode).toBe(403);
      expect(response.json.error).toEqual({
        status: 'PERMISSION_DENIED',
        message: 'Invalid API key or auth token.',
      });
    }
  });
});
