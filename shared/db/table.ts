import { globalSecondaryIndexes, type IndexName } from './entities/definition';

/**
 * The single table's definition, read by the CDK stack and by the local stack and tests
 * (which create it in DynamoDB Local). Generic key attributes; the indexes and the access patterns
 * they serve are defined in shared/db/entities (rendered in docs/data-model.md).
 */
export interface IndexDefinition {
  readonly indexName: IndexName;
  readonly partitionKey: string;
  readonly sortKey: string;
  /** `keys` projects only the keys (the reader fetches the few items it needs); all attributes otherwise. */
  readonly projection: 'all' | 'keys';
}

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; items past it are deleted lazily by DynamoDB and filtered on read. */
  timeToLiveAttribute: 'ttl',
  /** Global secondary indexes (shared/db/entities/definition.ts), on generic `<name>pk` / `<name>sk` attributes. */
  globalSecondaryIndexes: Object.entries(globalSecondaryIndexes).map(
    ([indexName, projection]): IndexDefinition => ({
      indexName: indexName as IndexName,
      partitionKey: `${indexName}pk`,
      sortKey: `${indexName}sk`,
      projection,
    }),
  ) as readonly IndexDefinition[],
} as const;

/** The CreateTable input for DynamoDB Local (on-demand, streams on like the deployed table). */
export function createTableInput(tableName: string) {
  const indexes = tableDefinition.globalSecondaryIndexes;
  const attributeNames = new Set<string>([
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ]);
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attributeNames].map((name) => ({
      AttributeName: name,
      AttributeType: 'S' as const,
    })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' as const },
    ],
    ...(indexes.length > 0 && {
      GlobalSecondaryIndexes: indexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
        ],
        Projection: {
          ProjectionType: index.projection === 'keys' ? ('KEYS_ONLY' as const) : ('ALL' as const),
        },
      })),
    }),
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' as const },
  };
}
