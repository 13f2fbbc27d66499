import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addActivities, explicitActivity } from './activities';
import { givenWorkspaceWithActivities, organizationId, search } from './support';

interface EvalSet {
  judgments: { id: string; decision: string; contentType: string; reasoning: string }[];
  queries: { query: string; relevant: string[] }[];
}

const evalSet: EvalSet = JSON.parse(readFileSync(join(__dirname, '../../fixtures/memory-eval.json'), 'utf8'));

/**
 * Measured with hashed-v2: recall@10 = 0.369 (hashed-v1, 256 dimensions: 0.281); a lexical
 * embedder on paraphrased queries. The floor leaves a small margin.
 */
const recallFloor = 0.34;

describe('memory.search quality', () => {
  it(`finds the labelled judgments: recall@10 ≥ ${recallFloor} over the evaluation set`, async () => {
    const workspace = await givenWorkspaceWithActivities();
    const chunks = [];
    for (let start = 0; start < evalSet.judgments.length; start += 100)
      chunks.push(evalSet.judgments.slice(start, start + 100));
    // Through the real write path: activities.add with explicit judgments.
    for (const chunk of chunks)
      await addActivities(
        workspace,
        'eval',
        chunk.map((judgment) =>
          explicitActivity(
            { decision: judgment.decision, reasoning: judgment.reasoning },
            {
              id: judgment.id,
              entityData: {
                type: judgment.contentType,
                judgment: { decision: judgment.decision, reasoning: judgment.reasoning },
              },
            },
          ),
        ),
      );
    const recalls = await Promise.all(
      evalSet.queries.map(async ({ query, relevant }) => {
        const { results, totalInScope } = await search(workspace, { query, organizationId, limit: 10 });
        expect(totalInScope).toBe(evalSet.judgments.length);
        const found = results.filter((result) => relevant.includes(result.recordId)).length;
        return found / Math.min(10, relevant.length);
      }),
    );
    const recall = recalls.reduce((sum, value) => sum + value, 0) / recalls.length;
    console.log(
      `memory.search recall@10 = ${recall.toFixed(3)} over ${evalSet.queries.length} queries, ${evalSet.judgments.length} judgments (worst query ${Math.min(...recalls).toFixed(2)})`,
    );
    expect(evalSet.judgments.length).toBeGreaterThanOrEqual(200);
    expect(evalSet.queries.length).toBeGreaterThanOrEqual(30);
    expect(recall).toBeGreaterThanOrEqual(recallFloor);
  }, 180_000);
});
