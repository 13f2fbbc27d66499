import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsRoutes } from '../../shared/settings/routes';
import { updateActivityConfigInput } from '../../shared/settings/schemas';
import { readConfigForUpdate, updateActivityConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.activityconfig.update',
  input: updateActivityConfigInput,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'activity'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Activity config updated.',
    data: {
      activityServiceConfig: await updateActivityConfig(
        caller.apiKey,
        input.activityServiceConfig,
        prefetched,
      ),
    },
  }),
});
