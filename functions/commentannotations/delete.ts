import { deleteAnnotations, readAnnotationsDelete } from '../../shared/comments/annotations-delete';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.delete',
  prefetch: ({ apiKey, input }) => readAnnotationsDelete(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotations processed.',
    data: await deleteAnnotations(caller, input, prefetched),
  }),
});
