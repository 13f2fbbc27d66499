import { updateAnnotation } from '../../shared/comments/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.update',
  run: async ({ caller, input }) => ({
    message: 'Comment annotation updated.',
    data: await updateAnnotation(caller, input),
  }),
});
