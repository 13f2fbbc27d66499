/** The contracts of the memory domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import type { ContractsOf } from '../http/route-contract';
import type { memoryRoutes } from './routes';
import * as memory from './schemas';

export const memoryContracts = {
  'memory.search': { input: memory.searchInput, output: memory.searchResult },
  'memory.judgments.query': { input: memory.queryJudgmentsInput, output: memory.judgmentsQueryResult },
} as const satisfies ContractsOf<typeof memoryRoutes>;
