import { defineEndpoint } from '../../shared/api/define-endpoint';
import { broadcastLiveState, readLiveStateBroadcast } from '../../shared/realtime/live-state';
import { realtimeRoutes } from '../../shared/realtime/routes';
import { broadcastLiveStateInput } from '../../shared/realtime/schemas';

export const handler = defineEndpoint({
  routes: realtimeRoutes,
  route: 'livestate.broadcast',
  input: broadcastLiveStateInput,
  prefetch: ({ apiKey, input }) => readLiveStateBroadcast(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await broadcastLiveState(caller, input, prefetched);
    return { message: 'Live state broadcast.' };
  },
});
