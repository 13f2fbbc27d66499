import { generateToken } from '../../shared/access/token-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'auth.token.generate',
  run: async ({ caller, input }) => ({
    message: 'Token generated.',
    data: await generateToken(caller, input),
  }),
});
