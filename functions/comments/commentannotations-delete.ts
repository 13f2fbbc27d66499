import { defineEndpoint } from '../../shared/api/define-endpoint';
import { deleteAnnotations, readAnnotationsDelete } from '../../shared/comments/annotations-delete';
import { commentsRoutes } from '../../shared/comments/routes';
import { deleteAnnotationsInput } from '../../shared/comments/schemas';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.delete',
  input: deleteAnnotationsInput,
  prefetch: ({ apiKey, input }) => readAnnotationsDelete(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotations processed.',
    data: await deleteAnnotations(caller, input, prefetched),
  }),
});
