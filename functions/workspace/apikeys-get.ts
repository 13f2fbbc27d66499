import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getApiKeys } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.apikeys.get',
  run: async ({ caller, input }) => {
    const { data, nextPageToken } = await getApiKeys(caller, input);
    return { message: 'API keys retrieved.', data, nextPageToken };
  },
});
