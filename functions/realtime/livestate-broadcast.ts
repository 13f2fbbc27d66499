import { defineEndpoint } from '../../shared/api/define-endpoint';
import { realtimeContracts } from '../../shared/realtime/contracts';
import { broadcastLiveState, readLiveStateBroadcast } from '../../shared/realtime/live-state';

export const handler = defineEndpoint({
  route: 'livestate.broadcast',
  contracts: realtimeContracts,
  prefetch: ({ apiKey, input }) => readLiveStateBroadcast(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await broadcastLiveState(caller, input, prefetched);
    return { message: 'Live state broadcast.' };
  },
});
