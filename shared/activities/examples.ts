/** One example call per route of the activities domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { alice, answer, doc, ms, processed } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { activitiesContracts } from './contracts';

const activity = {
  featureType: 'comment' as const,
  actionType: 'comment.add',
  actionUser: alice,
  targetEntityId: 'ann-1',
  displayMessageTemplate: '{{user}} commented',
};

export const activitiesExamples = {
  'activities.add': {
    request: { ...doc, activities: [{ id: 'act-1', ...activity }] },
    response: processed('Activities', 'Activity added.', 'act-1'),
  },
  'activities.get': {
    request: { ...doc, pageSize: 20 },
    response: answer('Activities retrieved.', [
      { id: 'act-1', ...activity, metadata: { apiKey: 'key-1', ...doc }, timestamp: ms },
    ]),
  },
  'activities.update': {
    request: {
      organizationId: 'org-1',
      activities: [{ id: 'act-1', displayMessageTemplate: '{{user}} replied' }],
    },
    response: processed('Activities', 'Activity updated.', 'act-1'),
  },
  'activities.delete': {
    request: { organizationId: 'org-1', activityIds: ['act-1'] },
    response: processed('Activities', 'Activity deleted.', 'act-1'),
  },
} satisfies ExamplesOf<typeof activitiesContracts>;
