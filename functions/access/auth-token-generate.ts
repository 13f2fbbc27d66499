import { groupAndPermissionRoutes } from '../../shared/access/routes';
import { generateTokenInput } from '../../shared/access/schemas';
import { generateToken, readSigningSecret } from '../../shared/access/token-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: groupAndPermissionRoutes,
  route: 'auth.token.generate',
  input: generateTokenInput,
  prefetch: ({ apiKey }) => readSigningSecret(apiKey),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Token generated.',
    data: await generateToken(caller, input, prefetched),
  }),
});
