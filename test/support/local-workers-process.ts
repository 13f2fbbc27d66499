import { localSqsFromEnv } from '../../scripts/local/sqs';
import { startLocalWorkers } from '../../scripts/local/stack';

/**
 * Child-process entry: the local stack's workers (queue consumers, the stream's fan-out, the
 * reconciler) in a process of their own, as they are functions of their own in AWS, configured from
 * the environment the test passes down. Tells the parent once started.
 */
startLocalWorkers(localSqsFromEnv(), {
  endpoint: process.env.DYNAMODB_ENDPOINT as string,
  tableName: process.env.TABLE_NAME as string,
});
process.send?.('started');
