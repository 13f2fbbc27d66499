import { deleteComments } from '../../shared/comments/comments-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.delete',
  run: async ({ caller, input }) => ({
    message: 'Comments processed.',
    data: await deleteComments(caller, input),
  }),
});
