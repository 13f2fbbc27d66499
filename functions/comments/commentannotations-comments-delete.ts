import { defineEndpoint } from '../../shared/api/define-endpoint';
import { deleteComments, readAnnotationWrite } from '../../shared/comments/comments-service';
import { commentsRoutes } from '../../shared/comments/routes';
import { deleteCommentsInput } from '../../shared/comments/schemas';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.comments.delete',
  input: deleteCommentsInput,
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, input.commentIds),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comments processed.',
    data: await deleteComments(caller, input, prefetched),
  }),
});
