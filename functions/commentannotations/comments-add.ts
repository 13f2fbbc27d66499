import { addComments } from '../../shared/comments/comments-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.add',
  run: async ({ caller, input }) => ({ message: 'Comments added.', data: await addComments(caller, input) }),
});
