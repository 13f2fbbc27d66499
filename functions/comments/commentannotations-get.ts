import { defineEndpoint } from '../../shared/api/define-endpoint';
import { getAnnotations, readAnnotations } from '../../shared/comments/annotations-service';
import { commentsRoutes } from '../../shared/comments/routes';
import { getAnnotationsInput } from '../../shared/comments/schemas';

export const handler = defineEndpoint({
  routes: commentsRoutes,
  route: 'commentannotations.get',
  input: getAnnotationsInput,
  prefetch: ({ apiKey, input }) => readAnnotations(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    const { data, pageToken } = await getAnnotations(caller, input, prefetched);
    return { message: 'Comment annotations retrieved.', data, pageToken };
  },
});
