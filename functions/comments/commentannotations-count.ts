import { defineEndpoint } from '../../shared/api/define-endpoint';
import { countThreadsInput } from '../../shared/comments/read-schemas';
import { countThreads, readCounts } from '../../shared/comments/read-service';
import { commentsRoutes } from '../../shared/comments/routes';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.count',
  input: countThreadsInput,
  prefetch: ({ apiKey, input }) => readCounts(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotation counts retrieved.',
    data: await countThreads(caller, input, prefetched),
  }),
});
