import { getActivitiesInput } from '../../shared/activities/schemas';
import { getActivities } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'activities.get',
  input: getActivitiesInput,
  run: async ({ caller, input }) => {
    const { data, pageToken } = await getActivities(caller, input);
    return { message: 'Activities retrieved.', data, extra: { pageToken } };
  },
});
