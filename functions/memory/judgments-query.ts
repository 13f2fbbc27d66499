import { defineEndpoint } from '../../shared/api/define-endpoint';
import { memoryRoutes } from '../../shared/memory/routes';
import { queryJudgmentsInput } from '../../shared/memory/schemas';
import { queryJudgments, readJudgments } from '../../shared/memory/service';

export const handler = defineEndpoint({
  routes: memoryRoutes,
  route: 'memory.judgments.query',
  input: queryJudgmentsInput,
  prefetch: async ({ apiKey, input }) => readJudgments(apiKey, input),
  // addendum §6: `result: { results, total }`.
  run: async ({ caller, input, prefetched }) => queryJudgments(caller, input, await prefetched),
});
