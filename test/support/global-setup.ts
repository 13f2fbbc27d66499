import { randomBytes } from 'node:crypto';
import { ensureTable, startDynamoDbLocal } from '../../scripts/local/dynamodb';

export const testTableName = 'collab-test';

/**
 * Starts DynamoDB Local once for the whole run (through the project's own dependency), creates the
 * table from the shared definition, and configures the environment every test worker inherits.
 * Tests isolate themselves by working in fresh workspaces and API keys, never by truncating.
 */
export default async function globalSetup(): Promise<void> {
  const dynamo = await startDynamoDbLocal();
  await ensureTable(dynamo.client, testTableName);
  Object.assign(process.env, {
    TABLE_NAME: testTableName,
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
