import { defineEndpoint } from '../../shared/api/define-endpoint';
import { updateReadStateInput } from '../../shared/comments/read-schemas';
import { readThreadsToMark, updateReadState } from '../../shared/comments/read-service';
import { commentsRoutes } from '../../shared/comments/routes';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.read.update',
  input: updateReadStateInput,
  prefetch: ({ apiKey, input }) => readThreadsToMark(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotations processed.',
    data: await updateReadState(caller, input, prefetched),
  }),
});
