import { defineEndpoint } from '../../shared/http/define-endpoint';
import { broadcastLiveState } from '../../shared/realtime/live-state';
import { broadcastLiveStateInput } from '../../shared/realtime/schemas';

export const handler = defineEndpoint({
  route: 'livestate.broadcast',
  input: broadcastLiveStateInput,
  run: async ({ caller, input }) => {
    await broadcastLiveState(caller, input);
    return { message: 'Live state broadcast.' };
  },
});
