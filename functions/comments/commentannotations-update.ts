import { defineEndpoint } from '../../shared/api/define-endpoint';
import { readAnnotationUpdate, updateAnnotation } from '../../shared/comments/annotations-service';
import { commentsRoutes } from '../../shared/comments/routes';
import { updateAnnotationInput } from '../../shared/comments/schemas';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.update',
  input: updateAnnotationInput,
  prefetch: ({ apiKey, input }) => readAnnotationUpdate(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotation updated.',
    data: await updateAnnotation(caller, input, prefetched),
  }),
});
