import { getActivities } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'activities.get',
  run: async ({ caller, input }) => {
    const { data, pageToken } = await getActivities(caller, input);
    return { message: 'Activities retrieved.', data, pageToken };
  },
});
