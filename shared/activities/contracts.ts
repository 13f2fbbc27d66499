/** The contracts of the activities domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import * as z from 'zod/mini';
import { answeringBatch, answeringPage, type ContractsOf } from '../http/route-contract';
import type { activitiesRoutes } from './routes';
import * as activities from './schemas';

export const activitiesContracts = {
  'activities.add': answeringBatch(activities.addActivitiesInput),
  'activities.get': answeringPage(
    activities.getActivitiesInput,
    z.array(activities.activityView),
    'pageToken',
  ),
  'activities.update': answeringBatch(activities.updateActivitiesInput),
  'activities.delete': answeringBatch(activities.deleteActivitiesInput),
} as const satisfies ContractsOf<typeof activitiesRoutes>;
