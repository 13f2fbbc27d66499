import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { settingsRoutes } from '../../shared/settings/routes';
import { getActivityConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.activityconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getActivityConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Activity config retrieved.',
    data: { activityServiceConfig: await prefetched },
  }),
});
