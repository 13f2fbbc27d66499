import { defineEndpoint } from '../../shared/api/define-endpoint';
import { readAnnotationWrite, updateComment } from '../../shared/comments/comments-service';
import { commentsRoutes } from '../../shared/comments/routes';
import { updateCommentInput } from '../../shared/comments/schemas';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.comments.update',
  input: updateCommentInput,
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, [input.commentId]),
  run: async ({ caller, input, prefetched }) => {
    await updateComment(caller, input, prefetched);
    return { message: 'Comment updated.' };
  },
});
