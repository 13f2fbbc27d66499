import { updateComment } from '../../shared/comments/comments-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.update',
  run: async ({ caller, input }) => {
    await updateComment(caller, input);
    return { message: 'Comment updated.' };
  },
});
