import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getActivityConfig } from '../../shared/settings/service';
import { noInput } from '../../shared/workspace/schemas';

export const handler = defineEndpoint({
  route: 'workspace.activityconfig.get',
  input: noInput,
  run: async ({ caller }) => ({
    message: 'Activity config retrieved.',
    data: { activityServiceConfig: await getActivityConfig(caller.apiKey) },
  }),
});
