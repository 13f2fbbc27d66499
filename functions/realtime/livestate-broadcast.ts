import { defineEndpoint } from '../../shared/api/define-endpoint';
import { broadcastLiveState, readLiveStateBroadcast } from '../../shared/realtime/live-state';
import { broadcastLiveStateInput } from '../../shared/realtime/schemas';

export const handler = defineEndpoint({
  route: 'livestate.broadcast',
  input: broadcastLiveStateInput,
  prefetch: ({ apiKey, input }) => readLiveStateBroadcast(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await broadcastLiveState(caller, input, prefetched);
    return { message: 'Live state broadcast.' };
  },
});
