import { defineEndpoint } from '../../shared/http/define-endpoint';
import { apiKeyInput } from '../../shared/workspace/schemas';
import { getAuthTokens } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.authtokens.get',
  input: apiKeyInput,
  run: async ({ caller, input }) => ({
    message: 'Auth tokens retrieved.',
    data: await getAuthTokens(caller, input),
  }),
});
