import { type LocalStack, type LocalStackOptions, startLocalStack } from '../../scripts/local/stack';
import { useOwnTable } from './own-table';

/**
 * The whole local stack as `npm start` runs it, on a free port, but on the run's DynamoDB Local in a
 * table of the file's own (the stack's stream poller and reconciler span their table) instead of a
 * Java process of its own. test/e2e/local-stack.test.ts starts the stack exactly as `npm start` does.
 */
export async function startLocalStackOnRunDynamo(
  options: Omit<LocalStackOptions, 'port' | 'dynamo'> = {},
): Promise<LocalStack> {
  const tableName = await useOwnTable('stack', { stream: true });
  return startLocalStack({
    port: 0,
    ...options,
    dynamo: { endpoint: process.env.DYNAMODB_ENDPOINT as string, tableName },
  });
}
