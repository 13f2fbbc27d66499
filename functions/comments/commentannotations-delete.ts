import { defineEndpoint } from '../../shared/api/define-endpoint';
import { deleteAnnotations, readAnnotationsDelete } from '../../shared/comments/annotations-delete';
import { commentsContracts } from '../../shared/comments/contracts';

export const handler = defineEndpoint({
  route: 'commentannotations.delete',
  contracts: commentsContracts,
  prefetch: ({ apiKey, input }) => readAnnotationsDelete(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotations processed.',
    data: await deleteAnnotations(caller, input, prefetched),
  }),
});
