import { addComments, readAnnotationWrite } from '../../shared/comments/comments-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.add',
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, []),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comments added.',
    data: await addComments(caller, input, prefetched),
  }),
});
