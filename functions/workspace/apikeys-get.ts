import { defineEndpoint } from '../../shared/http/define-endpoint';
import { listApiKeysInput } from '../../shared/workspace/schemas';
import { getApiKeys } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.apikeys.get',
  input: listApiKeysInput,
  run: async ({ caller, input }) => {
    const { data, nextPageToken } = await getApiKeys(caller, input);
    return { message: 'API keys retrieved.', data, extra: { nextPageToken } };
  },
});
