import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * `npx tsx scripts/bench/memory-scale.ts`: memory.search over the organization scope with 1k and
 * 10k judgments (MEMORY_BENCH_SIZES=1000,10000,50000 adds 50k), through the local stack's HTTP
 * server. Judgments are seeded directly through the memory repository's write items (batch
 * writes), not through activities.add, to keep seeding fast. The organization's vectors are cached
 * by the server and catch up through the change feed, which re-reads the last `changeOverlapMs` of
 * writes on every search: the bench waits that long after seeding to measure the steady state, and
 * reports the first (loading) search apart. Prints p50/p99 client-side latency, the server-reported
 * searchLatencyMs p50/p99 and the DynamoDB calls per search.
 */

const root = resolve(import.meta.dirname, '../..');
const requests = Number(process.env.MEMORY_BENCH_REQUESTS ?? 40);
const sizes = (process.env.MEMORY_BENCH_SIZES ?? '1000,10000').split(',').map(Number);

async function main() {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const { startLocalStack } = await import('../local/stack');
  const { judgmentWrites } = await import('../../shared/memory/writes');
  const { batchWrite } = await import('../../shared/db/batch');
  const { timedPost } = await import('./http');
  const { percentile } = await import('./measure');
  const { changeOverlapMs } = await import('../../shared/memory/vector-cache');
  const { apiKeyClient, createWorkspace } = await import('./scenarios/types');
  const evalSet = JSON.parse(readFileSync(resolve(root, 'test/fixtures/memory-eval.json'), 'utf8')) as {
    judgments: { decision: string; reasoning: string }[];
    queries: { query: string }[];
  };
  const stack = await startLocalStack({ port: 0, exposeDbMetrics: true });
  try {
    for (const size of sizes) {
      const { apiKey } = await createWorkspace(
        { url: stack.url, runId: `${Date.now().toString(36)}-${size}`, requestsPerScenario: requests },
        'memory-scale',
      );
      const api = apiKeyClient(stack.url, apiKey);
      const seedStart = Date.now();
      const now = Date.now();
      for (let start = 0; start < size; start += 500) {
        const activities = Array.from({ length: Math.min(500, size - start) }, (_, offset) => {
          const index = start + offset;
          const source = evalSet.judgments[index % evalSet.judgments.length]!;
          return {
            id: `j-${index}`,
            featureType: 'custom' as const,
            actionType: 'review.decide',
            actionUser: { userId: `reviewer-${index % 17}`, name: 'Reviewer' },
            targetEntityId: `thread-${index % 997}`,
            entityData: {
              judgment: { decision: source.decision, reasoning: `${source.reasoning} (case ${index})` },
            },
            metadata: { apiKey: apiKey.key, organizationId: 'org', documentId: `doc-${index % 50}` },
            timestamp: now - index * 1000,
          };
        });
        const writes = await judgmentWrites(apiKey.key, activities, now, { replacing: false });
        await batchWrite(writes.puts.map((put) => ({ put })));
      }
      console.error(`seeded ${size} judgments in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
      await new Promise((settle) => setTimeout(settle, changeOverlapMs + 1000 - (Date.now() - now)));
      let firstSearch = '';
      const client: number[] = [];
      const server: number[] = [];
      let calls = '';
      for (let index = 0; index < requests + 5; index += 1) {
        const query = evalSet.queries[index % evalSet.queries.length]!.query;
        const response = await timedPost(stack.url, '/v2/memory/search', api.headers, {
          query,
          organizationId: 'org',
        });
        if (response.status !== 200) throw new Error(`search failed: ${response.body}`);
        if (index === 0)
          firstSearch = `${response.latencyMs.toFixed(1)} ms, ${response.dbCalls} DynamoDB calls`;
        if (index < 5) continue; // warm-up
        const body = JSON.parse(response.body) as {
          result: { totalInScope: number; searchLatencyMs: number };
        };
        if (body.result.totalInScope !== size)
          throw new Error(`expected ${size} in scope, got ${body.result.totalInScope}`);
        client.push(response.latencyMs);
        server.push(body.result.searchLatencyMs);
        calls = `${response.dbCalls} (${response.commands}), ${response.capacityUnits} RCU`;
      }
      console.log(
        `organization scope ${size} judgments: client p50 ${percentile(client, 50).toFixed(1)} ms p99 ${percentile(client, 99).toFixed(1)} ms; searchLatencyMs p50 ${percentile(server, 50).toFixed(1)} p99 ${percentile(server, 99).toFixed(1)}; DynamoDB calls ${calls}; first (loading) search ${firstSearch}`,
      );
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
