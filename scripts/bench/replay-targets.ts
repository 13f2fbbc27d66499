import type { AddressInfo } from 'node:net';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  PurgeQueueCommand,
  type QueueAttributeName,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import WebSocket, { WebSocketServer } from 'ws';
import { withoutSdkLogging } from '../../shared/core/sdk-client';
import type { OtherCallTrace } from '../../shared/db/metrics';

/**
 * Where the floor's replay (replay.ts) sends a request's calls to other services than DynamoDB: the
 * same calls to the same local stand-ins, aimed where no worker or client of the stack sees them.
 */

/** A recorded call made ready to replay: the timed send, and the untimed undoing of what it did. */
export interface PreparedCall {
  send(): Promise<unknown>;
  cleanUp(): Promise<unknown>;
}

/** Replays one service's calls. `prepare` runs before the clock starts. */
export interface OtherCallTarget {
  prepare(call: OtherCallTrace): Promise<PreparedCall>;
}

/** Queue attributes a twin copies (those that shape a send; the redrive policy needs a consumer). */
const twinAttributes: QueueAttributeName[] = [
  'VisibilityTimeout',
  'DelaySeconds',
  'MaximumMessageSize',
  'MessageRetentionPeriod',
];

/**
 * SQS sends replayed through a bare client on the same emulator, each to a twin of the queue it was
 * sent to (`<name>-floor`, same attributes, created on first use, untimed): the same request, body
 * and queue settings, but no worker polls the twin, so a replayed message never runs a job or a
 * delivery again. After the replay the twin is purged.
 */
export function queueTwins(endpoint: string, region: string): OtherCallTarget & { destroy(): void } {
  const client = withoutSdkLogging(new SQSClient({ endpoint, region }));
  const twins = new Map<string, Promise<string>>();
  const createTwin = async (queueUrl: string) => {
    const { Attributes = {} } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }),
    );
    const { QueueUrl } = await client.send(
      new CreateQueueCommand({
        QueueName: `${queueUrl.split('/').at(-1)}-floor`,
        Attributes: Object.fromEntries(
          twinAttributes.flatMap((name) => (name in Attributes ? [[name, Attributes[name]]] : [])),
        ),
      }),
    );
    if (!QueueUrl) throw new Error(`no twin queue for ${queueUrl}`);
    return QueueUrl;
  };
  const twinOf = (queueUrl: string) => {
    let twin = twins.get(queueUrl);
    if (!twin) {
      twin = createTwin(queueUrl);
      twins.set(queueUrl, twin);
    }
    return twin;
  };
  return {
    async prepare(call) {
      const QueueUrl = await twinOf(call.input.QueueUrl as string);
      const input = { ...structuredClone(call.input), QueueUrl } as never;
      const cleanUp = () => client.send(new PurgeQueueCommand({ QueueUrl }));
      if (call.command === 'SendMessage')
        return { send: () => client.send(new SendMessageCommand(input)), cleanUp };
      if (call.command === 'SendMessageBatch')
        return { send: () => client.send(new SendMessageBatchCommand(input)), cleanUp };
      throw new Error(`cannot replay sqs ${call.command}`);
    },
    destroy: () => client.destroy(),
  };
}

/** Socket twins and what their client side has received, for a check that replays really post. */
export interface SocketTwins extends OtherCallTarget {
  framesReceived(): number;
  close(): Promise<void>;
}

const closed = (ws: WebSocket) =>
  ws.readyState === ws.CLOSED
    ? Promise.resolve()
    : new Promise<void>((done) => ws.once('close', () => done()));

/**
 * Posts to and closes of realtime connections, replayed as the local stand-in for the management
 * API makes them (scripts/local/realtime-server.ts): a post is a `send` of the same frame on an open
 * server-side socket, awaited until written; a close is a `close` with the same code and reason, on
 * a socket opened for it before the clock starts. The sockets are the bench's own, on a WebSocket
 * server of their own on 127.0.0.1, with a client in this process reading what they send.
 */
export async function startSocketTwins(): Promise<SocketTwins> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((done) => server.once('listening', done));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients = new Set<WebSocket>();
  let framesReceived = 0;
  /** A connected pair; resolves to its server side. Pairs are opened one at a time. */
  const openPair = async (): Promise<WebSocket> => {
    const accepted = new Promise<WebSocket>((done) => server.once('connection', done));
    const client = new WebSocket(url);
    clients.add(client);
    client.on('message', () => {
      framesReceived += 1;
    });
    client.once('close', () => clients.delete(client));
    await new Promise<void>((done, fail) => {
      client.once('open', () => done());
      client.once('error', fail);
    });
    return accepted;
  };
  const posting = await openPair();
  return {
    async prepare(call) {
      if (call.command === 'PostToConnection') {
        const frame = call.input.Data as string;
        return {
          send: () =>
            new Promise<void>((done, fail) => posting.send(frame, (error) => (error ? fail(error) : done()))),
          cleanUp: async () => undefined,
        };
      }
      if (call.command === 'DeleteConnection') {
        const { code, reason } = call.input as { code: number; reason: string };
        const ws = await openPair();
        return { send: async () => ws.close(code, reason), cleanUp: () => closed(ws) };
      }
      throw new Error(`cannot replay realtime ${call.command}`);
    },
    framesReceived: () => framesReceived,
    async close() {
      const closing = [...clients].map(closed);
      for (const client of clients) client.terminate();
      await Promise.all(closing);
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
