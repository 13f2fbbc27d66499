import { defineEndpoint } from '../../shared/api/define-endpoint';
import { addComments, readCommentsAdd } from '../../shared/comments/comments-service';
import { commentsRoutes } from '../../shared/comments/routes';
import { addCommentsInput } from '../../shared/comments/schemas';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.comments.add',
  input: addCommentsInput,
  prefetch: ({ apiKey, input }) => readCommentsAdd(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comments added.',
    data: await addComments(caller, input, prefetched),
  }),
});
