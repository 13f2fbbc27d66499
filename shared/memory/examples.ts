/** One example call per route of the memory domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { doc, ms } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { memoryContracts } from './contracts';

const judgment = {
  recordId: 'rec-1',
  decision: 'approve',
  reasoning: 'The wording matches the style guide.',
  confidence: 0.92,
  actionUser: { userId: 'alice', name: 'Alice' },
  createdAt: ms,
  agent: null,
  judgeType: 'human' as const,
  contentType: 'text',
  reviewerId: 'alice',
  ...doc,
  annotationId: 'ann-1',
  similarity: 0.87,
  scope: 'organization' as const,
};

export const memoryExamples = {
  'memory.search': {
    request: {
      query: 'Is passive voice allowed in headings?',
      scope: 'organization',
      organizationId: 'org-1',
      limit: 5,
    },
    response: { results: [judgment], totalInScope: 42, searchLatencyMs: 38 },
  },
  'memory.judgments.query': {
    request: { organizationId: 'org-1', filters: { decision: 'approve' }, limit: 10 },
    response: { results: [judgment], total: 1 },
  },
} satisfies ExamplesOf<typeof memoryContracts>;
