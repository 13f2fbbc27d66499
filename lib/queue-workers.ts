import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { type QueueDefinition, queueDefinitions, workerTimeoutSeconds } from '../shared/queues/queues';
import type { ServiceQueues } from './queues';
import type { ServiceFunction } from './service-function';
import type { ServiceFunctions } from './service-functions';

export interface QueueWorkersProps {
  readonly queues: ServiceQueues;
  readonly functions: ServiceFunctions;
  readonly definitions?: readonly QueueDefinition[];
}

/**
 * One worker function per consumed queue, fed by an SQS event source that reports partial batch
 * failures (only failed messages return to the queue). A worker may read and write the table and
 * re-send to its own queue (delays longer than SQS allows are chained that way).
 */
export class QueueWorkers extends Construct {
  /** Worker functions by queue name. */
  readonly functions = new Map<string, ServiceFunction>();

  constructor(scope: Construct, id: string, props: QueueWorkersProps) {
    super(scope, id);
    for (const definition of props.definitions ?? queueDefinitions) {
      if (!definition.consumer) continue;
      // Lambda must finish before the message becomes visible again.
      const timeout = Duration.seconds(workerTimeoutSeconds(definition));
      const worker = props.functions.create(this, definition.name, {
        file: definition.consumer,
        access: { db: 'read-write', queues: [definition.name], consumes: [definition.name] },
        description: `Consumes the ${definition.name} queue.`,
        timeout,
      });
      worker.addEventSource(
        new SqsEventSource(props.queues.queue(definition.name), {
          batchSize: definition.batchSize ?? 10,
          reportBatchItemFailures: true,
        }),
      );
      this.functions.set(definition.name, worker);
    }
  }
}
