import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueName } from '../shared/core/queue-names';
import { deadLetterQueueName, queueDefinitions, visibilityTimeoutSeconds } from '../shared/queues/queues';

/**
 * Every queue of `queueDefinitions`, each with its dead-letter queue. Messages are encrypted at
 * rest (SQS-managed keys, no KMS key to pay for or grant) and the queue policies refuse non-TLS use.
 */
export class ServiceQueues extends Construct {
  private readonly queuesByName = new Map<QueueName, Queue>();

  constructor(scope: Construct, id: string) {
    super(scope, id);
    for (const definition of queueDefinitions) {
      const deadLetterQueue = new Queue(this, deadLetterQueueName(definition.name), {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // The longest SQS allows: time to inspect and redrive failed messages.
        retentionPeriod: Duration.days(14),
      });
      const queue = new Queue(this, definition.name, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(definition)),
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
      });
      this.queuesByName.set(definition.name, queue);
    }
  }

  /** The queue of a name; throws when the name has no definition (a route table mistake). */
  queue(name: QueueName): Queue {
    const queue = this.queuesByName.get(name);
    if (!queue) throw new Error(`No queue definition for ${name}`);
    return queue;
  }
}
