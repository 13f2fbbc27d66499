import { localPollersPerQueue, startQueueWorkers } from '../../scripts/local/queue-workers';
import { type LocalSqs, startLocalSqs } from '../../scripts/local/sqs';
import { type StreamHandler, startStreamPoller } from '../../scripts/local/stream-poller';
import { queueDefinitions, queueUrlEnvName } from '../../shared/queues/queues';
import { useOwnTable } from './own-table';
import { type ReceivedRequest, type Receiver, startReceiver } from './receiver';

export interface DeliveryHarness {
  sqs: LocalSqs;
  tableName: string;
  /** Starts (again) the in-process delivery consumer; `startWorkers: false` leaves it to the test. */
  startWorkers(): void;
  stopWorkers(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The delivery pipeline of the local stack around the test's DynamoDB Local: a table of the file's
 * own (so no other test file's outbox events reach this file's pollers), the SQS emulator, the
 * stream poller running the fan-out worker and the queue poller running the delivery worker.
 * Sets the environment before any service code reads it: call it before anything else in a file.
 * Retries follow at once (three of them: `WEBHOOK_RETRY_SCHEDULE=0,0,0`, an operator's setting), so a
 * dead-lettered message takes no waiting; a file that tests their spacing sets its own schedule.
 * Loopback targets are allowed (receivers on 127.0.0.1).
 * `streamHandler` replaces the fan-out worker (to inject failures; it may call the real one).
 */
export async function startDeliveryHarness(
  options: { env?: Record<string, string>; startWorkers?: boolean; streamHandler?: StreamHandler } = {},
): Promise<DeliveryHarness> {
  const tableName = await useOwnTable('delivery', { stream: true });
  const sqs = await startLocalSqs();
  Object.assign(process.env, {
    SQS_ENDPOINT: sqs.endpoint,
    ALLOW_LOOPBACK_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '0,0,0',
    WEBHOOK_MIN_BACKOFF_SECONDS: '1',
    WEBHOOK_TIMEOUT_MS: '2000',
    ...Object.fromEntries(
      queueDefinitions.map((queue) => [queueUrlEnvName(queue.name), sqs.queueUrls[queue.name]]),
    ),
    ...options.env,
  });
  const streamPoller = startStreamPoller({
    endpoint: process.env.DYNAMODB_ENDPOINT as string,
    tableName,
    handler: options.streamHandler,
  });
  let workers: ReturnType<typeof startQueueWorkers> | undefined;
  const harness: DeliveryHarness = {
    sqs,
    tableName,
    startWorkers: () => {
      workers ??= startQueueWorkers({ ...sqs, pollersPerQueue: localPollersPerQueue });
    },
    stopWorkers: async () => {
      await workers?.stop();
      workers = undefined;
    },
    stop: async () => {
      await streamPoller.stop();
      await harness.stopWorkers();
      await sqs.stop();
    },
  };
  if (options.startWorkers !== false) harness.startWorkers();
  return harness;
}

/** The delivery pipeline and one receiver of a test file, with the requests the receiver got by path. */
export interface DeliverySuite {
  harness: DeliveryHarness;
  receiver: Receiver;
  /** The requests received at `/<path>`, in arrival order. */
  receivedAt(path: string): ReceivedRequest[];
}

/**
 * Starts the delivery pipeline (`startDeliveryHarness(options)`) and a receiver before the file's
 * tests and stops both after them; the fields are set once `beforeAll` has run.
 */
export function deliverySuite(options: Parameters<typeof startDeliveryHarness>[0] = {}): DeliverySuite {
  const suite = {
    receivedAt: (path: string) => suite.receiver.received.filter((request) => request.url === `/${path}`),
  } as DeliverySuite;
  beforeAll(async () => {
    suite.harness = await startDeliveryHarness(options);
    suite.receiver = await startReceiver();
  });
  afterAll(async () => {
    await suite.harness.stop();
    await suite.receiver.close();
  });
  return suite;
}
