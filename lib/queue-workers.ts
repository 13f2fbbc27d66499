import { Duration } from 'aws-cdk-lib';
import { RecursiveLoop } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { type QueueDefinition, queueDefinitions, workerTimeoutSeconds } from '../shared/queues/queues';
import type { FunctionAccess } from './function-roles';
import type { ServiceQueues } from './queues';
import type { ServiceFunction } from './service-function';
import type { ServiceFunctions } from './service-functions';
import { workerConcurrency } from './worker-concurrency';

/**
 * A queue worker's access: the table, its own queue (sent to and consumed), the queues its
 * definition sends to and, when it says so, the realtime connections.
 */
export const workerAccess = (definition: QueueDefinition): FunctionAccess => ({
  db: 'read-write',
  queues: [definition.name, ...(definition.sendsTo ?? [])],
  consumes: [definition.name],
  ...(definition.realtime && { realtime: true }),
});

export interface QueueWorkersProps {
  readonly queues: ServiceQueues;
  readonly functions: ServiceFunctions;
  readonly definitions?: readonly QueueDefinition[];
}

/**
 * One worker function per consumed queue, fed by an SQS event source that reports partial batch
 * failures (only failed messages return to the queue). A worker may read and write the table and
 * re-send to its own queue (delays longer than SQS allows are chained that way); one whose queue
 * declares `realtime` may also close realtime connections (made after the WebSocket API, which
 * `FunctionRoles` checks). Its reserved concurrency (`workerConcurrency`) is also its event
 * source's maximum concurrency, so the event source never invokes more than the reservation admits
 * (a throttled batch would go back to the queue and count as a receive towards the dead-letter queue).
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
      const concurrency = workerConcurrency.queues[definition.name];
      const worker = props.functions.create(this, definition.name, {
        file: definition.consumer,
        access: workerAccess(definition),
        description: `Consumes the ${definition.name} queue.`,
        timeout,
        reservedConcurrency: concurrency,
        // A worker sends to the queue it consumes (its access above), a loop by design: delivery
        // defers rate-limited sends and schedules short retries there, migration hands a job over
        // to a new message after its time budget. With the default (Terminate), Lambda's
        // recursive-loop detection stops such a chain after about 16 hops of one message lineage,
        // dropping the retry or the rest of the migration. Each chain ends by its own rule (the
        // retry schedule, the job finishing), and failed receives still end in the dead-letter queue.
        recursiveLoop: RecursiveLoop.ALLOW,
      });
      worker.addEventSource(
        new SqsEventSource(props.queues.queue(definition.name), {
          batchSize: definition.batchSize ?? 10,
          reportBatchItemFailures: true,
          // Kept with or without reservations: a cap costs no account capacity.
          maxConcurrency: concurrency,
        }),
      );
      this.functions.set(definition.name, worker);
    }
  }
}
