import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { sqs as serviceSqsClient } from '../../shared/queues/send';
import { generateSecret } from '../../shared/security/secrets';
import { type DevServer, type DevServerOptions, startDevServer } from './dev-server';
import { ensureTable, type LocalDynamo, localAwsEnv, runningDynamo, startDynamoDbLocal } from './dynamodb';
import { localPollersPerQueue, startQueueWorkers } from './queue-workers';
import { startReconcilerTimer } from './reconciler';
import { type LocalSqs, localSqsEnv, startLocalSqs, traceQueueSends } from './sqs';
import { startStreamPoller } from './stream-poller';

export interface LocalStackOptions {
  /** HTTP port of the API; 0 picks a free one. */
  port: number;
  /** Keep DynamoDB data (and the data key that encrypts its secrets) under this folder. */
  persistDir?: string;
  exposeDbMetrics?: boolean;
  /** See `DevServerOptions.onDbCalls`. */
  onDbCalls?: DevServerOptions['onDbCalls'];
  /**
   * Run the queue consumers, the stream's fan-out and the reconciler in this process (default). A
   * test that gives them a process of their own, as they are functions of their own in AWS, turns
   * this off and starts `startLocalWorkers` there.
   */
  workers?: boolean;
  /**
   * A DynamoDB (Local) already running, and the table to use in it (created if missing), instead of
   * a DynamoDB Local of the stack's own with `collab-local`: the tests run stacks beside each other
   * on the run's one DynamoDB Local, each in a table of its own.
   */
  dynamo?: { endpoint: string; tableName: string };
}

export interface LocalStack {
  url: string;
  /** The environment the stack configured for its functions (and for the admin commands). */
  environment: Readonly<Record<string, string>>;
  dynamo: LocalDynamo;
  sqs: LocalSqs;
  server: DevServer;
  /** Stops the in-process workers (if any run) and leaves the API up; `stop` stops the rest. */
  stopWorkers(): Promise<void>;
  /** Starts the in-process workers (nothing when they run), after `stopWorkers` for one. */
  startWorkers(): void;
  stop(): Promise<void>;
}

export const localTableName = 'collab-local';

/** How often the local stack sweeps for overdue work (the stack: every minute). */
const localReconcileIntervalMs = 10_000;

/** The data key: from `DATA_KEY`, else kept beside persisted data, else fresh for this run. */
function localDataKey(persistDir: string | undefined): string {
  if (process.env.DATA_KEY) return process.env.DATA_KEY;
  if (!persistDir) return generateSecret();
  const file = join(persistDir, 'data-key');
  if (!existsSync(file)) {
    mkdirSync(persistDir, { recursive: true });
    writeFileSync(file, generateSecret(), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * What runs behind the routes: the queue consumers (as Lambda event sources do in the stack), the
 * outbox's fan-out fed by the table stream, and the reconciler's sweep (the stack's schedule, more
 * often so a developer sees overdue work sooner). Reads its settings from `process.env`.
 */
export function startLocalWorkers(
  sqs: Pick<LocalSqs, 'endpoint' | 'queueUrls'>,
  dynamo: { endpoint: string; tableName: string },
): { stop(): Promise<void> } {
  const queueWorkers = startQueueWorkers({ ...sqs, pollersPerQueue: localPollersPerQueue });
  const streamPoller = startStreamPoller(dynamo);
  const reconciler = startReconcilerTimer(localReconcileIntervalMs);
  return {
    stop: async () => {
      await reconciler.stop();
      await streamPoller.stop();
      await queueWorkers.stop();
    },
  };
}

/**
 * The whole system in one process: DynamoDB Local (Java child), the SQS emulator with the
 * project's queues, and the dev server running every route's Lambda handler. Configures
 * `process.env` the way the CDK stack configures each function, before any handler loads.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dynamo = options.dynamo
    ? runningDynamo(options.dynamo.endpoint)
    : await startDynamoDbLocal({ persistDir: options.persistDir && join(options.persistDir, 'dynamodb') });
  const tableName = options.dynamo?.tableName ?? localTableName;
  let startedSqs: LocalSqs | undefined;
  try {
    await ensureTable(dynamo.client, tableName);
    const sqs = await startLocalSqs();
    startedSqs = sqs;
    const environment = {
      ...localAwsEnv,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      ...localSqsEnv(sqs),
      DATA_KEY: localDataKey(options.persistDir),
      STAGE: 'local',
      // A developer's webhook receiver on localhost must be reachable.
      ALLOW_LOOPBACK_TARGETS: 'true',
    };
    Object.assign(process.env, environment);
    // The service's SQS client, as the dev server's handlers will use it: its sends join each
    // request's measured calls (the bench's floor replays them).
    traceQueueSends(serviceSqsClient());
    const workersOnTable = () => startLocalWorkers(sqs, { endpoint: dynamo.endpoint, tableName });
    let workers = options.workers === false ? undefined : workersOnTable();
    const sqsClient = new SQSClient({ endpoint: sqs.endpoint, region: localAwsEnv.AWS_REGION });
    const up = async (check: () => Promise<unknown>) =>
      check().then(
        () => 'up',
        () => 'down',
      );
    const server = await startDevServer({
      port: options.port,
      exposeDbMetrics: options.exposeDbMetrics ?? false,
      ...(options.onDbCalls && { onDbCalls: options.onDbCalls }),
      health: async () => ({
        dynamodb: await up(() => dynamo.client.send(new DescribeTableCommand({ TableName: tableName }))),
        sqs: await up(() => sqsClient.send(new ListQueuesCommand({}))),
      }),
    });
    return {
      url: server.url,
      environment,
      dynamo,
      sqs,
      server,
      stopWorkers: async () => {
        await workers?.stop();
        workers = undefined;
      },
      startWorkers: () => {
        workers ??= workersOnTable();
      },
      stop: async () => {
        await server.close();
        await workers?.stop();
        await sqs.stop();
        dynamo.stop();
      },
    };
  } catch (error) {
    await startedSqs?.stop();
    dynamo.stop();
    throw error;
  }
}
