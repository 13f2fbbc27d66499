import { defineEndpoint } from '../../shared/api/define-endpoint';
import { addAnnotations, readAnnotationsAdd } from '../../shared/comments/annotations-service';
import { commentsRoutes } from '../../shared/comments/routes';
import { addAnnotationsInput } from '../../shared/comments/schemas';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.add',
  input: addAnnotationsInput,
  prefetch: ({ apiKey, input }) => readAnnotationsAdd(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotations processed.',
    data: await addAnnotations(caller, input, prefetched),
  }),
});
