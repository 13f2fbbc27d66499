import { randomUUID } from 'node:crypto';
import { toBase64 } from 'lib0/buffer';
import { handler as connectHandler } from '../../functions/realtime/connect';
import { handler as disconnectHandler } from '../../functions/realtime/disconnect';
import { handler as greetHandler } from '../../functions/realtime/greet';
import { handler as messageHandler } from '../../functions/realtime/message';
import { keys } from '../../shared/db/keys';
import { type DbCallStats, measureDbCalls } from '../../shared/db/metrics';
import { queryAll } from '../../shared/db/query-page';
import { awarenessMessage } from '../../shared/sockets/awareness-messages';
import { installConnectionPoster } from '../../shared/sockets/poster';
import { userToken } from './realtime';
import type { TestWorkspace } from './workspaces';

/** What the recording poster saw: frames posted and closes, per connection. */
export interface SocketTraffic {
  posted: { connectionId: string; frame: string }[];
  closed: { connectionId: string; code: number }[];
}

/**
 * Installs a poster that records what the handlers send (API Gateway's PostToConnection and
 * DeleteConnection, seen from the outside); returns the record. Every connection is reachable.
 */
export function recordTraffic(): SocketTraffic {
  const traffic: SocketTraffic = { posted: [], closed: [] };
  installConnectionPoster({
    post: async (connectionId, frame) => {
      traffic.posted.push({ connectionId, frame });
      return 'sent';
    },
    close: async (connectionId, code) => {
      traffic.closed.push({ connectionId, code });
      return 'sent';
    },
  });
  return traffic;
}

/** One connection driven through the real `$connect`, `$default` and `$disconnect` handlers. */
export interface TestSocket {
  connectionId: string;
  /** The DynamoDB calls of its `$connect`. */
  connected: DbCallStats;
  /** Runs the greeter `$connect` asks for (in AWS invoked asynchronously); resolves to its DynamoDB calls. */
  greet(): Promise<DbCallStats>;
  /** Sends one text frame to `$default`; resolves to its DynamoDB calls and consumed capacity. */
  send(frame: string): Promise<DbCallStats>;
  /** `$disconnect`, measured. */
  disconnect(): Promise<DbCallStats>;
  /** Items left under the connection's id besides the connection item (parts, tally, rate window). */
  scratch(): Promise<Record<string, unknown>[]>;
}

const socketEvent = (connectionId: string, routeKey: string, extra: Record<string, unknown> = {}) => ({
  requestContext: { connectionId, routeKey },
  ...extra,
});

/** Connects `userId` to a room through `$connect`; rejects when the upgrade is refused. */
export async function openSocket(
  workspace: TestWorkspace,
  room: { organizationId: string; documentId: string; editorId: string },
  userId = 'alice',
): Promise<TestSocket> {
  const connectionId = randomUUID();
  const token = await userToken(workspace, userId);
  const { result, stats: connected } = await measureDbCalls(() =>
    connectHandler(
      socketEvent(connectionId, '$connect', {
        queryStringParameters: { apiKey: workspace.apiKey, token, ...room },
      }),
    ),
  );
  if (result.statusCode !== 200) throw new Error(`connect refused: ${result.statusCode} ${result.body}`);
  return {
    connectionId,
    connected,
    async greet() {
      const { stats } = await measureDbCalls(() => greetHandler({ connectionId }));
      return stats;
    },
    async send(frame) {
      const { stats } = await measureDbCalls(() =>
        messageHandler(socketEvent(connectionId, '$default', { body: frame })),
      );
      return stats;
    },
    async disconnect() {
      const { stats } = await measureDbCalls(() =>
        disconnectHandler(socketEvent(connectionId, '$disconnect')),
      );
      return stats;
    },
    async scratch() {
      const items = await queryAll({
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.connectionById(connectionId).pk },
        ConsistentRead: true,
      });
      return items.filter((item) => item.sk !== keys.connectionById(connectionId).sk);
    },
  };
}

/** The `$connect` status for `userId` joining the room (200 accepted). */
export async function connectStatus(
  workspace: TestWorkspace,
  room: { organizationId: string; documentId: string; editorId: string },
  userId: string,
): Promise<number> {
  const token = await userToken(workspace, userId);
  const result = await connectHandler(
    socketEvent(randomUUID(), '$connect', {
      queryStringParameters: { apiKey: workspace.apiKey, token, ...room },
    }),
  );
  return result.statusCode;
}

/** An awareness frame (base64) carrying the given client states. */
export const awarenessFrame = (clients: { clientId: number; clock: number; state: string }[]) =>
  toBase64(awarenessMessage(clients));

/** The query-awareness frame (`Aw==`: message type 3). */
export const queryAwarenessFrame = 'Aw==';
