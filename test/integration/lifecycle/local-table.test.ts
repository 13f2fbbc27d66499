import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../../scripts/local/dynamodb';
import { createTableInput, tableDefinition } from '../../../shared/db/table';

describe('the local table (scripts/local/dynamodb.ts)', () => {
  it('gains the indexes added since a persisted table was created, such as the user-data index gsi8', async () => {
    const dynamo = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
    const tableName = `collab-upgrade-${randomUUID()}`;
    const current = createTableInput(tableName);
    const before = current.GlobalSecondaryIndexes?.filter((index) => index.IndexName !== 'gsi8') ?? [];
    await dynamo.send(
      new CreateTableCommand({
        ...current,
        AttributeDefinitions: current.AttributeDefinitions.filter(
          (definition) => !definition.AttributeName.startsWith('gsi8'),
        ),
        GlobalSecondaryIndexes: before,
      }),
    );
    await ensureTable(dynamo, tableName);
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    expect((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort()).toEqual(
      tableDefinition.globalSecondaryIndexes.map((index) => index.indexName).sort(),
    );
    dynamo.destroy();
  });
});
