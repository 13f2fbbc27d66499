import { defineEndpoint } from '../../shared/api/define-endpoint';
import { readAnnotationUpdate, updateAnnotation } from '../../shared/comments/annotations-service';
import { commentsContracts } from '../../shared/comments/contracts';

export const handler = defineEndpoint({
  route: 'commentannotations.update',
  contracts: commentsContracts,
  prefetch: ({ apiKey, input }) => readAnnotationUpdate(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotation updated.',
    data: await updateAnnotation(caller, input, prefetched),
  }),
});
