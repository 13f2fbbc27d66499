import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { eventFanOutSettings } from './event-fanout-settings';
import type { FunctionAccess } from './function-roles';
import type { ServiceFunction } from './service-function';
import type { ServiceFunctions } from './service-functions';
import { workerConcurrency } from './worker-concurrency';

export interface EventFanOutProps {
  readonly table: ITableV2;
  readonly functions: ServiceFunctions;
  /**
   * Where descriptions of stream batches that still fail after the retries go (the
   * `stream-failures` queue, which the reconciler reads).
   */
  readonly failedRecords: IQueue;
}

/**
 * The fan-out's access, on a role of its own: its event source grants the role read of the whole
 * table stream and send to the failed-records queue, which no route function may have.
 */
export const eventFanOutAccess: FunctionAccess = {
  db: 'read-write',
  queues: ['webhook-delivery'],
  dedicated: 'event-fanout',
};

/**
 * Table stream → fan-out function → webhook-delivery queue. The event source filter passes only
 * inserted outbox events, so the function is not invoked for the table's other writes. Failed
 * records are retried from the first failure reported in the partial batch response; halving the
 * batch isolates a record that keeps failing, and after 10 retries its description goes to the
 * `stream-failures` queue, where the reconciler picks it up. The function reads configs and
 * endpoints, writes deliveries and sends their queue messages; its concurrency is reserved
 * (`workerConcurrency.eventFanOut`) so API traffic cannot starve it.
 */
export class EventFanOut extends Construct {
  readonly function: ServiceFunction;

  constructor(scope: Construct, id: string, props: EventFanOutProps) {
    super(scope, id);
    this.function = props.functions.create(this, 'Function', {
      file: eventFanOutSettings.worker,
      access: eventFanOutAccess,
      description: 'Fans outbox events out to webhook deliveries.',
      timeout: Duration.seconds(eventFanOutSettings.timeoutSeconds),
      reservedConcurrency: workerConcurrency.eventFanOut,
    });
    this.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: eventFanOutSettings.batchSize,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // A record that keeps failing must not hold up its shard for the stream's 24 hours.
        retryAttempts: eventFanOutSettings.retryAttempts,
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
