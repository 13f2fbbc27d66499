import { startLocalWorkers } from '../../scripts/local/stack';
import { queueDefinitions, queueUrlEnvName } from '../../shared/queues/queues';

/**
 * Child-process entry: the local stack's workers (queue consumers, the stream's fan-out, the
 * reconciler) in a process of their own, as they are functions of their own in AWS, configured from
 * the environment the test passes down. Tells the parent once started.
 */
startLocalWorkers(
  {
    endpoint: process.env.SQS_ENDPOINT as string,
    queueUrls: Object.fromEntries(
      queueDefinitions.map((queue) => [queue.name, process.env[queueUrlEnvName(queue.name)] as string]),
    ),
  },
  process.env.DYNAMODB_ENDPOINT as string,
);
process.send?.('started');
