import { localPollersPerQueue, startQueueWorkers } from '../../scripts/local/queue-workers';
import { localSqsFromEnv } from '../../scripts/local/sqs';

/**
 * Child-process entry: the local queue poller running the real workers, configured from the
 * environment the test process passes down, so a test can SIGKILL it in the middle of a batch
 * (an in-process `stop()` waits for the batch to finish and so never loses work).
 */
startQueueWorkers({ ...localSqsFromEnv(), pollersPerQueue: localPollersPerQueue });
