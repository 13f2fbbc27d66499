import { changeReaction } from '../../shared/comments/comments-service';
import { reactionInput } from '../../shared/comments/schemas';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.reactions.add',
  input: reactionInput,
  run: async ({ caller, input }) => {
    await changeReaction(caller, input, 'add');
    return { message: 'Reaction added.' };
  },
});
