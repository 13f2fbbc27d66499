import { getAnnotations } from '../../shared/comments/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'commentannotations.get',
  run: async ({ caller, input }) => {
    const { data, pageToken } = await getAnnotations(caller, input);
    return { message: 'Comment annotations retrieved.', data, pageToken };
  },
});
