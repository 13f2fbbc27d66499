import { defineEndpoint } from '../../shared/api/define-endpoint';
import { changeReaction, readAnnotationWrite } from '../../shared/comments/comments-service';
import { commentsRoutes } from '../../shared/comments/routes';
import { reactionInput } from '../../shared/comments/schemas';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.reactions.add',
  input: reactionInput,
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, [input.commentId]),
  run: async ({ caller, input, prefetched }) => {
    await changeReaction(caller, input, 'add', prefetched);
    return { message: 'Reaction added.' };
  },
});
