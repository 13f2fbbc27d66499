import type { SQSClient } from '@aws-sdk/client-sqs';
import { type FauxqsServer, startFauxqs } from 'fauxqs';
import { traceOtherCall } from '../../shared/db/metrics';
import {
  deadLetterQueueName,
  queueDefinitions,
  queueUrlEnvName,
  visibilityTimeoutSeconds,
} from '../../shared/queues/queues';

export interface LocalSqs {
  endpoint: string;
  /** Queue URL by queue name (dead-letter queues included). */
  queueUrls: Record<string, string>;
  server: FauxqsServer;
  stop(): Promise<void>;
}

/** Starts the SQS emulator in process and creates every queue of `shared/queues` with its DLQ. */
export async function startLocalSqs(): Promise<LocalSqs> {
  const server = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
  const endpoint = `http://127.0.0.1:${server.port}`;
  const queueUrls: Record<string, string> = {};
  for (const queue of queueDefinitions) {
    const deadLetter = server.createQueue(deadLetterQueueName(queue.name));
    const created = server.createQueue(queue.name, {
      attributes: {
        VisibilityTimeout: String(visibilityTimeoutSeconds(queue)),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: deadLetter.queueArn,
          maxReceiveCount: queue.maxReceiveCount,
        }),
      },
    });
    queueUrls[deadLetterQueueName(queue.name)] = deadLetter.queueUrl;
    queueUrls[queue.name] = created.queueUrl;
  }
  return { endpoint, queueUrls, server, stop: () => server.stop() };
}

/** The environment pointing the service at the emulator: `SQS_ENDPOINT` and every `QUEUE_URL_*`. */
export function localSqsEnv(sqs: Pick<LocalSqs, 'endpoint' | 'queueUrls'>): Record<string, string> {
  return {
    SQS_ENDPOINT: sqs.endpoint,
    ...Object.fromEntries(
      queueDefinitions.map((queue) => [queueUrlEnvName(queue.name), sqs.queueUrls[queue.name] as string]),
    ),
  };
}

/** The emulator as `localSqsEnv` described it: what a child process reads back from its environment. */
export function localSqsFromEnv(): Pick<LocalSqs, 'endpoint' | 'queueUrls'> {
  return {
    endpoint: process.env.SQS_ENDPOINT as string,
    queueUrls: Object.fromEntries(
      queueDefinitions.map((queue) => [queue.name, process.env[queueUrlEnvName(queue.name)] as string]),
    ),
  };
}

/** The sends whose cost is part of a request's own work: what the bench's floor replays (decisions §66). */
const tracedSends = new Set(['SendMessageCommand', 'SendMessageBatchCommand']);

/**
 * Records the client's sends in the measured scope they run in (`traceOtherCall`), beside the
 * request's DynamoDB calls, so the bench replays them in the route's floor. Once per logical call,
 * before retries; nothing is recorded outside a measured scope.
 */
export function traceQueueSends(client: SQSClient): void {
  client.middlewareStack.add(
    (next, context) => (args) => {
      const commandName = context.commandName ?? '';
      if (!tracedSends.has(commandName)) return next(args);
      const call = {
        service: 'sqs' as const,
        command: commandName.replace(/Command$/, ''),
        input: args.input as Record<string, unknown>,
      };
      return traceOtherCall(call, () => next(args));
    },
    { step: 'initialize', name: 'queueSendTracer', override: true },
  );
}
