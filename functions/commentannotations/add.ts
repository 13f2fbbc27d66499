import { addAnnotations } from '../../shared/comments/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.add',
  run: async ({ caller, input }) => ({
    message: 'Comment annotations processed.',
    data: await addAnnotations(caller, input),
  }),
});
