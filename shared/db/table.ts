/**
 * The single table's definition, read by the CDK stack and by the local stack and tests
 * (which create it in DynamoDB Local). Generic key attributes; see docs/data-model.md.
 */
export interface IndexDefinition {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  /** `keys` projects only the keys (the reader fetches the few items it needs); all attributes otherwise. */
  readonly projection?: 'all' | 'keys';
}

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; items past it are deleted lazily by DynamoDB and filtered on read. */
  timeToLiveAttribute: 'ttl',
  /** Global secondary indexes, added only for named access patterns (see shared/db/keys.ts). */
  globalSecondaryIndexes: [
    /** Listings across partitions: an API key's organizations. */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Time-ordered listings (`<timestamp>#<id>` sort keys): an organization's activities. */
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /** Time-ordered, per document: its activities; its notifications. */
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    /** Time-ordered, per acting user: activities. */
    { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
    /** Per target entity: its activities (time-ordered); per notification: its recipients. */
    { indexName: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
    /** Time-ordered, per activity feature type. */
    { indexName: 'gsi6', partitionKey: 'gsi6pk', sortKey: 'gsi6sk' },
    /**
     * Due work across every tenant, by due time, sharded: pending deliveries, outbox events not yet
     * fanned out, running jobs (the reconciler's sweep; sparse: items leave it when done).
     */
    { indexName: 'gsi7', partitionKey: 'gsi7pk', sortKey: 'gsi7sk', projection: 'keys' },
    /**
     * A user's data across every domain of an API key, by organization and feature (users/data/get
     * and the user's erasure, addendum §10; keys only: the reader fetches the items).
     */
    { indexName: 'gsi8', partitionKey: 'gsi8pk', sortKey: 'gsi8sk', projection: 'keys' },
  ] as readonly IndexDefinition[],
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
