import { defineEndpoint } from '../../shared/api/define-endpoint';
import { deleteComments, readAnnotationWrite } from '../../shared/comments/comments-service';
import { commentsContracts } from '../../shared/comments/contracts';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.delete',
  contracts: commentsContracts,
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, input.commentIds),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comments processed.',
    data: await deleteComments(caller, input, prefetched),
  }),
});
