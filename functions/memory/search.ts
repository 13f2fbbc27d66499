import { defineEndpoint } from '../../shared/api/define-endpoint';
import { memoryRoutes } from '../../shared/memory/routes';
import { searchInput } from '../../shared/memory/schemas';
import { searchJudgments } from '../../shared/memory/service';

export const handler = defineEndpoint({
  routes: memoryRoutes,
  route: 'memory.search',
  input: searchInput,
  // The contract's search body is `result: { results, totalInScope, searchLatencyMs }` only.
  run: ({ caller, input }) => searchJudgments(caller, input),
});
