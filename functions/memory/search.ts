import { defineEndpoint } from '../../shared/api/define-endpoint';
import { memoryContracts } from '../../shared/memory/contracts';
import { searchJudgments } from '../../shared/memory/service';

export const handler = defineEndpoint({
  route: 'memory.search',
  contracts: memoryContracts,
  // The contract's search body is `result: { results, totalInScope, searchLatencyMs }` only.
  run: ({ caller, input }) => searchJudgments(caller, input),
});
