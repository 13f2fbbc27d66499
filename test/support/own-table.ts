import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../scripts/local/dynamodb';
import type { TableOptions } from '../../shared/db/table';

/**
 * Points the service in this test file at a fresh table of its own (call in `beforeAll`, before the
 * first DynamoDB call) and returns its name. For files that sweep the due index or run the
 * pipeline: the sweep spans every tenant of a table, so in the shared one it would resume other
 * files' due work (hundreds of requests, other tests' jobs) and theirs would resume this file's.
 * Without a stream unless the file runs the stream pipeline (`{ stream: true }`; TableOptions says why).
 */
export async function useOwnTable(
  purpose: string,
  options: TableOptions = { stream: false },
): Promise<string> {
  const tableName = `collab-${purpose}-${randomUUID()}`;
  const dynamo = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
  await ensureTable(dynamo, tableName, options);
  dynamo.destroy();
  process.env.TABLE_NAME = tableName;
  return tableName;
}
