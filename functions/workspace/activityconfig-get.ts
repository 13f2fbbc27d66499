import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getActivityConfig } from '../../shared/settings/service';
import { noInput } from '../../shared/workspace/schemas';

export const handler = defineEndpoint({
  route: 'workspace.activityconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getActivityConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Activity config retrieved.',
    data: { activityServiceConfig: await prefetched },
  }),
});
