import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateActivityConfigInput } from '../../shared/settings/schemas';
import { updateActivityConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.activityconfig.update',
  input: updateActivityConfigInput,
  run: async ({ caller, input }) => ({
    message: 'Activity config updated.',
    data: { activityServiceConfig: await updateActivityConfig(caller.apiKey, input.activityServiceConfig) },
  }),
});
