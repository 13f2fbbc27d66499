import { changeReaction, readAnnotationWrite } from '../../shared/comments/comments-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.reactions.add',
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, [input.commentId]),
  run: async ({ caller, input, prefetched }) => {
    await changeReaction(caller, input, 'add', prefetched);
    return { message: 'Reaction added.' };
  },
});
