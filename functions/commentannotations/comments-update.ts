import { updateComment } from '../../shared/comments/comments-service';
import { updateCommentInput } from '../../shared/comments/schemas';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.update',
  input: updateCommentInput,
  run: async ({ caller, input }) => {
    await updateComment(caller, input);
    return { message: 'Comment updated.' };
  },
});
