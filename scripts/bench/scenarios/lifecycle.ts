import { type ApiKeyClient, type Area, newWorkspaceClient } from './types';

/**
 * A key where user `bob` has a membership, activities and a notification (what users.data.get
 * lists) and one started erasure of another user (what the status scenario reads). Each delete
 * request erases a fresh user id, so every request starts a real job the local stack's worker runs.
 */
export interface LifecycleFixture {
  api: ApiKeyClient;
  jobId: string;
}

const organizationId = 'org';

export const lifecycleArea: Area<LifecycleFixture> = {
  name: 'lifecycle',
  async seed(context) {
    const api = await newWorkspaceClient(context, 'lifecycle');
    await api.call('users.add', {
      organizationId,
      createOrganization: true,
      users: [{ userId: 'bob', name: 'Bob', email: 'bob@example.com' }],
    });
    await api.call('workspace.activityconfig.update', { activityServiceConfig: { isEnabled: true } });
    await api.call('activities.add', {
      organizationId,
      documentId: 'doc',
      activities: Array.from({ length: 50 }, (_, index) => ({
        id: `a-${index}`,
        featureType: 'custom',
        actionType: 'edit',
        actionUser: { userId: 'bob' },
      })),
    });
    const { jobId } = await api.call<{ jobId: string }>('users.data.delete', { userId: 'seeded-user' });
    return { api, jobId };
  },
  scenarios: {
    'users.data.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { userId: 'bob' } }),
    },
    'users.data.delete': {
      request: (fixture, index) => ({ headers: fixture.api.headers, data: { userId: `erased-${index}` } }),
    },
    'users.data.delete.status': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { jobId: fixture.jobId } }),
    },
  },
};
