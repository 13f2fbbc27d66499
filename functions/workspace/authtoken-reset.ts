import { defineEndpoint } from '../../shared/api/define-endpoint';
import { apiKeyInput } from '../../shared/workspace/schemas';
import { resetAuthToken } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.authtoken.reset',
  input: apiKeyInput,
  run: async ({ caller, input }) => ({
    message: 'Auth token reset.',
    data: await resetAuthToken(caller, input),
  }),
});
