import { defineEndpoint } from '../../shared/http/define-endpoint';
import { queryJudgments } from '../../shared/memory/service';

export const handler = defineEndpoint({
  route: 'memory.judgments.query',
  // addendum §6: `result: { results, total }`.
  run: ({ caller, input }) => queryJudgments(caller, input),
});
