import { defineEndpoint } from '../../shared/api/define-endpoint';
import { deleteComments, readAnnotationWrite } from '../../shared/comments/comments-service';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.delete',
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, input.commentIds),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comments processed.',
    data: await deleteComments(caller, input, prefetched),
  }),
});
