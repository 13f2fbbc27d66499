import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateActivityConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.activityconfig.update',
  run: async ({ caller, input }) => ({
    message: 'Activity config updated.',
    data: { activityServiceConfig: await updateActivityConfig(caller.apiKey, input.activityServiceConfig) },
  }),
});
