import { deleteAnnotations } from '../../shared/comments/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.delete',
  run: async ({ caller, input }) => ({
    message: 'Comment annotations processed.',
    data: await deleteAnnotations(caller, input),
  }),
});
