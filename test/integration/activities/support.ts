import { succeed } from '../../support/api';
import type { TestWorkspace } from '../../support/workspaces';

export const organizationId = 'org';

/** Turns the activity service on, with or without immutability. */
export const enableActivities = (workspace: TestWorkspace, immutable = false) =>
  succeed(workspace, 'workspace.activityconfig.update', {
    activityServiceConfig: { isEnabled: true, immutable },
  });

/** A valid activity; fields override the defaults. */
export const activity = (fields: Record<string, unknown> = {}) => ({
  featureType: 'comment',
  actionType: 'comment.add',
  actionUser: { userId: 'alice', email: 'alice@example.com', name: 'Alice' },
  ...fields,
});

/** Adds activities to a document and returns the per-id results. */
export const addActivities = (
  workspace: TestWorkspace,
  documentId: string,
  activities: Record<string, unknown>[],
) => succeed(workspace, 'activities.add', { organizationId, documentId, activities });

/** Every activity of the organization matching `filters`, in one page. */
export const listActivities = async (workspace: TestWorkspace, filters: Record<string, unknown> = {}) =>
  (await succeed(workspace, 'activities.get', { organizationId, ...filters })) as {
    id: string;
    [field: string]: unknown;
  }[];
