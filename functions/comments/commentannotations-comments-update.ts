import { defineEndpoint } from '../../shared/api/define-endpoint';
import { readAnnotationWrite, updateComment } from '../../shared/comments/comments-service';
import { commentsContracts } from '../../shared/comments/contracts';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.update',
  contracts: commentsContracts,
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, [input.commentId]),
  run: async ({ caller, input, prefetched }) => {
    await updateComment(caller, input, prefetched);
    return { message: 'Comment updated.' };
  },
});
