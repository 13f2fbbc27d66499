import { defineEndpoint } from '../../shared/api/define-endpoint';
import { addComments, readAnnotationWrite } from '../../shared/comments/comments-service';

export const handler = defineEndpoint({
  route: 'commentannotations.comments.add',
  prefetch: ({ apiKey, input }) => readAnnotationWrite(apiKey, input, []),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comments added.',
    data: await addComments(caller, input, prefetched),
  }),
});
