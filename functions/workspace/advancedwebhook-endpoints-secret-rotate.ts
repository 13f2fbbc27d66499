import { defineEndpoint } from '../../shared/http/define-endpoint';
import { rotateEndpointSigningSecret } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.secret.rotate',
  run: async ({ caller, input }) => ({
    message: 'Endpoint secret rotated.',
    data: await rotateEndpointSigningSecret(caller.apiKey, input.endpointId),
  }),
});
