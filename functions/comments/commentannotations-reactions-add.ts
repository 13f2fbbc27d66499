import { defineEndpoint } from '../../shared/api/define-endpoint';
import { changeReaction, readAnnotationWrite } from '../../shared/comments/comments-service';
import { reactionInput } from '../../shared/comments/schemas';

export const handler = defineEndpoint({
  route: 'commentannotations.reactions.add',
  input: reactionInput,
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, [input.commentId]),
  run: async ({ caller, input, prefetched }) => {
    await changeReaction(caller, input, 'add', prefetched);
    return { message: 'Reaction added.' };
  },
});
