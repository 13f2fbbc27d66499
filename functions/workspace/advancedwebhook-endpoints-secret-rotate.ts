import { defineEndpoint } from '../../shared/http/define-endpoint';
import { endpointIdInput } from '../../shared/webhooks/schemas';
import { rotateEndpointSigningSecret } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.secret.rotate',
  input: endpointIdInput,
  run: async ({ caller, input }) => ({
    message: 'Endpoint secret rotated.',
    data: await rotateEndpointSigningSecret(caller.apiKey, input.endpointId),
  }),
});
