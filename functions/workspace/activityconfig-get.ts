import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getActivityConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.activityconfig.get',
  run: async ({ caller }) => ({
    message: 'Activity config retrieved.',
    data: { activityServiceConfig: await getActivityConfig(caller.apiKey) },
  }),
});
