import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ServiceFunction } from './service-function';
import type { ServiceFunctions } from './service-functions';

export interface EventFanOutProps {
  readonly table: ITableV2;
  readonly functions: ServiceFunctions;
  /** Where stream records go that still fail after the retries (kept, inspectable, redrivable). */
  readonly failedRecords: IQueue;
}

/** The stream consumer of the transactional outbox (shared with the local stack's stream poller). */
export const eventFanOutWorker = 'functions/workers/event-fanout.ts';

/**
 * Table stream → fan-out function → webhook-delivery queue. The event source filter passes only
 * inserted outbox events, so the function is not invoked for the table's other writes. Failed
 * records are retried from the first failure reported in the partial batch response; halving the
 * batch isolates a record that keeps failing, and after 10 retries its description goes to the
 * delivery dead-letter queue. The function reads configs and endpoints and writes
 * deliveries, and sends their queue messages.
 */
export class EventFanOut extends Construct {
  readonly function: ServiceFunction;

  constructor(scope: Construct, id: string, props: EventFanOutProps) {
    super(scope, id);
    this.function = props.functions.create(this, 'Function', {
      file: eventFanOutWorker,
      access: { db: 'read-write', queues: ['webhook-delivery'] },
      description: 'Fans outbox events out to webhook deliveries.',
      timeout: Duration.seconds(60),
    });
    this.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // A record that keeps failing must not hold up its shard for the stream's 24 hours.
        retryAttempts: 10,
        onFailure: new SqsDlq(props.failedRecords),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual('outboxEvent') } } },
          }),
        ],
      }),
    );
  }
}
