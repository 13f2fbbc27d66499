import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ApiKeyClient, type Area, inChunks, newWorkspaceClient } from './types';

/**
 * A key with the activity service on and one organization holding the 200 judgments of the
 * evaluation set (test/fixtures/memory-eval.json) on one document, written through activities.add.
 * Search at 1k/10k/50k judgments is measured by scripts/bench/memory-scale.ts.
 */
export interface MemoryFixture {
  api: ApiKeyClient;
  queries: string[];
}

const organizationId = 'org';

interface EvalSet {
  judgments: { id: string; decision: string; contentType: string; reasoning: string }[];
  queries: { query: string }[];
}

export const memoryArea: Area<MemoryFixture> = {
  name: 'memory',
  async seed(context) {
    const evalSet: EvalSet = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../../test/fixtures/memory-eval.json'), 'utf8'),
    );
    const api = await newWorkspaceClient(context, 'memory');
    await api.call('workspace.activityconfig.update', {
      activityServiceConfig: { isEnabled: true, immutable: false },
    });
    await inChunks(evalSet.judgments, 100, (chunk) =>
      api.call('activities.add', {
        organizationId,
        documentId: 'reviews',
        activities: chunk.map((judgment) => ({
          id: judgment.id,
          featureType: 'custom',
          actionType: 'review.decide',
          actionUser: { userId: 'reviewer', name: 'Rita' },
          targetEntityId: `thread-${judgment.id.replace(/-\d+$/, '')}`,
          entityData: {
            type: judgment.contentType,
            judgment: { decision: judgment.decision, reasoning: judgment.reasoning },
          },
        })),
      }),
    );
    return { api, queries: evalSet.queries.map((query) => query.query) };
  },
  scenarios: {
    'memory.search': [
      {
        request: (fixture, index) => ({
          headers: fixture.api.headers,
          data: { query: fixture.queries[index % fixture.queries.length]!, organizationId },
        }),
      },
      {
        variant: 'annotation thread',
        request: (fixture) => ({
          headers: fixture.api.headers,
          data: { query: 'thread', organizationId, filters: { annotationId: 'thread-retry-backoff' } },
        }),
      },
    ],
    'memory.judgments.query': {
      request: (fixture) => ({
        headers: fixture.api.headers,
        data: { organizationId, filters: { decision: 'reject' } },
      }),
    },
  },
};
