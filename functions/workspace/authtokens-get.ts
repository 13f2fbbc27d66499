import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getAuthTokens } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.authtokens.get',
  run: async ({ caller, input }) => ({
    message: 'Auth tokens retrieved.',
    data: await getAuthTokens(caller, input),
  }),
});
