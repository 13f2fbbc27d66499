import { RemovalPolicy } from 'aws-cdk-lib';
import {
  type Attribute,
  AttributeType,
  Billing,
  ProjectionType,
  StreamViewType,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { type IndexDefinition, tableDefinition } from '../shared/db/table';

const stringAttribute = (name: string): Attribute => ({ name, type: AttributeType.STRING });

/** An index's projection in the construct's terms. */
function projectionOf(projection: IndexDefinition['projection']) {
  if (projection === 'keys') return { projectionType: ProjectionType.KEYS_ONLY };
  if (projection === 'all') return { projectionType: ProjectionType.ALL };
  return { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...projection] };
}

/**
 * The service's single DynamoDB table, built from the same definition DynamoDB Local is created
 * from, so the deployed keys, indexes, TTL attribute and stream cannot drift from the tested ones.
 */
export class DataTable extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: { deletionProtection: boolean }) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: stringAttribute(tableDefinition.partitionKey),
      sortKey: stringAttribute(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: stringAttribute(index.partitionKey),
        sortKey: stringAttribute(index.sortKey),
        ...projectionOf(index.projection),
      })),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      // Stream consumers (activity fan-out, webhooks) need both images to tell what changed.
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      // Customer data outlives the stack: deleting the stack must never delete the table.
      removalPolicy: RemovalPolicy.RETAIN,
      // And no one deletes it by hand either, on every stage but dev (decisions §35).
      deletionProtection: props.deletionProtection,
    });
  }
}
