import { type ApiKeyClient, type Area, ids, inChunks, newWorkspaceClient } from './types';

/**
 * A key with the activity service on (mutable, so updates and deletes apply) and one organization
 * whose document `timeline` holds 200 activities; the writing scenarios use other documents, so the
 * timeline every read walks keeps its size.
 */
export interface ActivitiesFixture {
  api: ApiKeyClient;
}

const organizationId = 'org';
const timeline = 'timeline';
const timelineIds = ids('act-', 200);

const activity = (fields: Record<string, unknown> = {}) => ({
  featureType: 'comment',
  actionType: 'comment.add',
  actionUser: { userId: 'alice', email: 'alice@example.com', name: 'Alice' },
  targetEntityId: 'thread-1',
  displayMessageTemplate: '{{actionUser.name}} commented',
  ...fields,
});

export const activitiesArea: Area<ActivitiesFixture> = {
  name: 'activities',
  async seed(context) {
    const api = await newWorkspaceClient(context, 'activities');
    await api.call('workspace.activityconfig.update', {
      activityServiceConfig: { isEnabled: true, immutable: false },
    });
    await inChunks(timelineIds, 100, (chunk) =>
      api.call('activities.add', {
        organizationId,
        documentId: timeline,
        activities: chunk.map((id) => activity({ id })),
      }),
    );
    return { api };
  },
  scenarios: {
    'activities.add': {
      // One activity with a service-assigned id, as a client records it.
      request: (fixture) => ({
        headers: fixture.api.headers,
        data: { organizationId, documentId: 'added', activities: [activity()] },
      }),
    },
    'activities.get': {
      request: (fixture) => ({
        headers: fixture.api.headers,
        data: { organizationId, documentId: timeline },
      }),
    },
    'activities.update': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId,
          activities: [{ id: 'act-0', actionIcon: index % 2 === 0 ? 'pencil' : 'comment' }],
        },
      }),
    },
    'activities.delete': {
      prepare: (fixture, index) =>
        fixture.api.call('activities.add', {
          organizationId,
          documentId: 'deleted',
          activities: [activity({ id: `gone-${index}` })],
        }),
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { organizationId, activityIds: [`gone-${index}`] },
      }),
    },
  },
};
