import { defineEndpoint } from '../../shared/api/define-endpoint';
import { commentsContracts } from '../../shared/comments/contracts';
import { countThreads, readCounts } from '../../shared/comments/read-service';

export const handler = defineEndpoint({
  route: 'commentannotations.count',
  contracts: commentsContracts,
  prefetch: ({ apiKey, input }) => readCounts(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotation counts retrieved.',
    data: await countThreads(caller, input, prefetched),
  }),
});
