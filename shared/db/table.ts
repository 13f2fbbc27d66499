import { globalSecondaryIndexes, type IndexName, type IndexProjection } from './entities/definition';

/**
 * The single table's definition, read by the CDK stack and by the local stack and tests
 * (which create it in DynamoDB Local). Generic key attributes; the indexes and the access patterns
 * they serve are defined in shared/db/entities (rendered in docs/data-model.md).
 */
export interface IndexDefinition {
  readonly indexName: IndexName;
  readonly partitionKey: string;
  readonly sortKey: string;
  /** `keys`: only the keys; `all`: every attribute; a list: the keys and those attributes. */
  readonly projection: IndexProjection;
}

/** An index's projection as DynamoDB's CreateTable states it. */
export function projectionOf(projection: IndexProjection) {
  if (projection === 'keys') return { ProjectionType: 'KEYS_ONLY' as const };
  if (projection === 'all') return { ProjectionType: 'ALL' as const };
  return { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...projection] };
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

/** How a local table is made (scripts/local/dynamodb.ts `ensureTable`, test/support/own-table.ts). */
export interface TableOptions {
  /**
   * A stream, like the deployed table's (the default). Test tables that run no stream pipeline go
   * without: on a table with a stream, DynamoDB Local scans every stream record in its database on
   * every call (a GetItem took 1.3 ms with none and 38.6 ms beside 120,000 records of another
   * table), and records are kept for 24 hours, so a suite's calls grew slower as it wrote.
   */
  stream?: boolean;
}

/** The CreateTable input for DynamoDB Local: on-demand, with a stream unless `stream: false`. */
export function createTableInput(tableName: string, { stream = true }: TableOptions = {}) {
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
        Projection: projectionOf(index.projection),
      })),
    }),
    ...(stream && {
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' as const },
    }),
  };
}
