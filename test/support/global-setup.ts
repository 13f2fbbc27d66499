import { randomBytes } from 'node:crypto';
import type { GlobalConfig } from 'jest';
import { ensureTable, startDynamoDbLocal } from '../../scripts/local/dynamodb';
import { workerTableName } from './worker-table';

/**
 * Starts DynamoDB Local once for the whole run (through the project's own dependency), creates one
 * table per jest worker from the shared definition (test/support/worker-table.ts), without a stream
 * (no file runs the stream pipeline on them; TableOptions in shared/db/table.ts), and configures
 * the environment every test worker inherits. Tests isolate themselves by working in fresh
 * workspaces and API keys, never by truncating.
 */
export default async function globalSetup(globalConfig: GlobalConfig): Promise<void> {
  const dynamo = await startDynamoDbLocal();
  const workers = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, index) => index + 1);
  await Promise.all(
    workers.map((worker) => ensureTable(dynamo.client, workerTableName(String(worker)), { stream: false })),
  );
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    DATA_KEY: randomBytes(32).toString('base64url'),
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    CDK_VALIDATION: 'false',
    // Per-key rates off: the route tests assert each route's own DynamoDB calls; the rate's one
    // UpdateItem beside the auth read is asserted by test/integration/http/request-rate.test.ts.
    API_KEY_REQUEST_RATE: '0',
    API_KEY_REALTIME_RATE: '0',
  });
  (globalThis as { __dynamo?: { stop(): void } }).__dynamo = dynamo;
}
