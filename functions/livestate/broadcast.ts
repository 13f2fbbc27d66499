import { defineEndpoint } from '../../shared/http/define-endpoint';
import { broadcastLiveState } from '../../shared/realtime/live-state';

export const handler = defineEndpoint({
  route: 'livestate.broadcast',
  run: async ({ caller, input }) => {
    await broadcastLiveState(caller, input);
    return { message: 'Live state broadcast.' };
  },
});
