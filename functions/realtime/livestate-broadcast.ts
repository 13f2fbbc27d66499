import { defineEndpoint } from '../../shared/api/define-endpoint';
import { broadcastLiveState, readLiveStateBroadcast } from '../../shared/realtime/live-state';

export const handler = defineEndpoint({
  route: 'livestate.broadcast',
  prefetch: ({ apiKey, input }) => readLiveStateBroadcast(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await broadcastLiveState(caller, input, prefetched);
    return { message: 'Live state broadcast.' };
  },
});
