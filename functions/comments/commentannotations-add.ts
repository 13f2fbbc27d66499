import { defineEndpoint } from '../../shared/api/define-endpoint';
import { addAnnotations, readAnnotationsAdd } from '../../shared/comments/annotations-service';
import { commentsContracts } from '../../shared/comments/contracts';

export const handler = defineEndpoint({
  route: 'commentannotations.add',
  contracts: commentsContracts,
  prefetch: ({ apiKey, input }) => readAnnotationsAdd(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Comment annotations processed.',
    data: await addAnnotations(caller, input, prefetched),
  }),
});
