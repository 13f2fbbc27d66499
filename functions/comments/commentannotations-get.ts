import { defineEndpoint } from '../../shared/api/define-endpoint';
import { getAnnotations, readAnnotations } from '../../shared/comments/annotations-service';
import { commentsContracts } from '../../shared/comments/contracts';

export const handler = defineEndpoint({
  route: 'commentannotations.get',
  contracts: commentsContracts,
  prefetch: ({ apiKey, input }) => readAnnotations(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    const { data, pageToken } = await getAnnotations(caller, input, prefetched);
    return { message: 'Comment annotations retrieved.', data, pageToken };
  },
});
