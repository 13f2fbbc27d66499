import { changeReaction } from '../../shared/comments/comments-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.reactions.add',
  run: async ({ caller, input }) => {
    await changeReaction(caller, input, 'add');
    return { message: 'Reaction added.' };
  },
});
