import { logger } from '../core/logger';
import { loadKeyring } from '../security/keyring';
import { connect, disconnect } from './connections';
import { greet, requestGreeting } from './greeting';
import { receiveFrame } from './messages';

/**
 * The fields of an API Gateway WebSocket event the realtime routes read (`$connect` adds the
 * query string and headers; `$default` the frame body). The dev server builds the same shape.
 */
export interface SocketEvent {
  requestContext: { connectionId: string; routeKey: string; requestId?: string };
  queryStringParameters?: Record<string, string | undefined> | null;
  headers?: Record<string, string | undefined> | null;
  body?: string | null;
  isBase64Encoded?: boolean;
}

/** What a WebSocket route answers; for `$connect` a status other than 200 refuses the upgrade. */
export interface SocketResult {
  statusCode: number;
  body?: string;
}

/** A WebSocket route's Lambda handler. */
export type SocketHandler = (event: SocketEvent) => Promise<SocketResult>;

/**
 * A socket route with the data keyring loaded first (fetched once per cold start in the stack):
 * `$connect` opens the API key's token-signing secret, and any route may open sealed values.
 */
const withKeyring =
  (handler: SocketHandler): SocketHandler =>
  async (event) => {
    await loadKeyring();
    return handler(event);
  };

const originOf = (headers: SocketEvent['headers']) =>
  Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'origin')?.[1];

/**
 * `$connect`: 200 accepts, once the connection's greeting is asked for (greeting.ts); 401, 403,
 * 404 or 429 refuse the upgrade (addendum §9), with the reason as body.
 */
export const connectHandler: SocketHandler = withKeyring(async (event) => {
  const { connectionId } = event.requestContext;
  const outcome = await connect(connectionId, event.queryStringParameters ?? {}, originOf(event.headers));
  if (outcome.accepted) {
    await requestGreeting(connectionId);
    return { statusCode: 200 };
  }
  logger.info('realtime connect refused', { statusCode: outcome.statusCode, reason: outcome.reason });
  return { statusCode: outcome.statusCode, body: outcome.reason };
});

/** `$disconnect`: removes the connection and its awareness states. */
export const disconnectHandler: SocketHandler = withKeyring(async (event) => {
  await disconnect(event.requestContext.connectionId);
  return { statusCode: 200 };
});

/** `$default`: one text frame from a client. Binary frames never arrive (API Gateway refuses them). */
export const messageHandler: SocketHandler = withKeyring(async (event) => {
  if (typeof event.body === 'string' && !event.isBase64Encoded) {
    await receiveFrame(event.requestContext.connectionId, event.body);
  }
  return { statusCode: 200 };
});

/** The greeter's event: the connection `$connect` accepted. */
export interface GreetingEvent {
  connectionId: string;
}

/** The greeter, invoked asynchronously by `$connect`: posts the new connection's greeting once it is open. */
export const greetHandler = async (event: GreetingEvent): Promise<void> => {
  await loadKeyring();
  await greet(event.connectionId);
};
