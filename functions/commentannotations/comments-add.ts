import { addComments, readThreadWrite } from '../../shared/comments/comments-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.add',
  prefetch: ({ apiKey, input }) => readThreadWrite(apiKey, input, []),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comments added.',
    data: await addComments(caller, input, prefetched),
  }),
});
