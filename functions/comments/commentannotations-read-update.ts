import { defineEndpoint } from '../../shared/api/define-endpoint';
import { commentsContracts } from '../../shared/comments/contracts';
import { readThreadsToMark, updateReadState } from '../../shared/comments/read-service';

export const handler = defineEndpoint({
  route: 'commentannotations.read.update',
  contracts: commentsContracts,
  prefetch: ({ apiKey, input }) => readThreadsToMark(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotations processed.',
    data: await updateReadState(caller, input, prefetched),
  }),
});
