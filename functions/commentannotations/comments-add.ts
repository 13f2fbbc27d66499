import { addComments } from '../../shared/comments/comments-service';
import { addCommentsInput } from '../../shared/comments/schemas';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.add',
  input: addCommentsInput,
  run: async ({ caller, input }) => ({ message: 'Comments added.', data: await addComments(caller, input) }),
});
