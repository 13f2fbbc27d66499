import { changeReaction } from '../../shared/comments/comments-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.reactions.delete',
  run: async ({ caller, input }) => {
    await changeReaction(caller, input, 'delete');
    return { message: 'Reaction deleted.' };
  },
});
