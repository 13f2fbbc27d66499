import { defineEndpoint } from '../../shared/http/define-endpoint';
import { queryJudgmentsInput } from '../../shared/memory/schemas';
import { queryJudgments } from '../../shared/memory/service';

export const handler = defineEndpoint({
  route: 'memory.judgments.query',
  input: queryJudgmentsInput,
  // addendum §6: `result: { results, total }`.
  run: async ({ caller, input }) => ({ bare: await queryJudgments(caller, input) }),
});
