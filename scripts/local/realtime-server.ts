import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { traceOtherCall } from '../../shared/db/metrics';
import { installGreetingRequester } from '../../shared/realtime/greeting';
import type { GreetingEvent, SocketEvent, SocketHandler } from '../../shared/realtime/socket-handlers';
import { installConnectionPoster } from '../../shared/sockets/poster';

/** The local WebSocket path (addendum §9), on the HTTP API's port. */
export const realtimePath = '/v2/realtime';

/** API Gateway closes a connection that sent nothing for 10 minutes; so does the local server (1001). */
const idleTimeoutMs = 10 * 60 * 1000;

/** API Gateway's largest message (128 KB); the local server refuses bigger frames the same way. */
const maxFrameBytes = 128 * 1024;

interface RealtimeHandlers {
  connect: SocketHandler;
  disconnect: SocketHandler;
  message: SocketHandler;
  greet: (event: GreetingEvent) => Promise<void>;
}

/** An API Gateway connection id look-alike (base64 of random bytes, `=` ended). */
const newConnectionId = () => randomBytes(12).toString('base64');

function event(connectionId: string, routeKey: string, extra: Partial<SocketEvent> = {}): SocketEvent {
  return { requestContext: { connectionId, routeKey, requestId: randomBytes(8).toString('hex') }, ...extra };
}

function refuse(socket: Duplex, statusCode: number, reason: string): void {
  const body = Buffer.from(reason);
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? ''}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${reason}`,
  );
}

/**
 * The local stand-in for API Gateway's WebSocket API: accepts upgrades on `/v2/realtime`, runs the
 * same `$connect`, `$default` and `$disconnect` handlers Lambda runs (a refused `$connect` answers
 * the upgrade with its status, as API Gateway does), hands each connection's frames to `$default`
 * one at a time, and installs the poster through which every handler in this process reaches the
 * open sockets (PostToConnection's local twin: a closed socket, or one whose `$connect` has not
 * returned, is `gone`) and the greeter that `$connect` starts without waiting for it, as Lambda's
 * asynchronous invocation does in AWS.
 */
export function attachRealtime(server: Server, handlers: RealtimeHandlers): { close(): Promise<void> } {
  const sockets = new Map<string, WebSocket>();
  // Each connection's handler chain, so closing the server can wait for `$disconnect` to finish.
  const queues = new Set<Promise<void>>();
  installGreetingRequester(async (connectionId) => {
    const greeting = handlers
      .greet({ connectionId })
      .catch((error: unknown) => console.error('realtime greeting failure', error))
      .finally(() => queues.delete(greeting));
    queues.add(greeting);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  // Posts and closes that reach a socket are traced as the management API's calls they stand for,
  // so the bench's floor replays them with the request's other calls; a gone connection costs nothing.
  installConnectionPoster({
    async post(connectionId, frame) {
      const ws = sockets.get(connectionId);
      if (!ws || ws.readyState !== ws.OPEN) return 'gone';
      const call = {
        service: 'realtime',
        command: 'PostToConnection',
        input: { ConnectionId: connectionId, Data: frame },
      } as const;
      await traceOtherCall(
        call,
        () => new Promise<void>((done, fail) => ws.send(frame, (error) => (error ? fail(error) : done()))),
      );
      return 'sent';
    },
    async close(connectionId, code, reason) {
      const ws = sockets.get(connectionId);
      if (!ws || ws.readyState !== ws.OPEN) return 'gone';
      const call = {
        service: 'realtime',
        command: 'DeleteConnection',
        input: { ConnectionId: connectionId, code, reason },
      } as const;
      await traceOtherCall(call, async () => ws.close(code, reason));
      return 'sent';
    },
  });

  const accept = (request: IncomingMessage, socket: Duplex, head: Buffer, connectionId: string) => {
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.set(connectionId, ws);
      let queue = Promise.resolve();
      const run = (task: () => Promise<unknown>) => {
        queues.delete(queue);
        queue = queue.then(task).then(
          () => undefined,
          (error: unknown) => console.error('realtime handler failure', error),
        );
        queues.add(queue);
      };
      const idle = setTimeout(() => ws.close(1001, 'Idle for 10 minutes.'), idleTimeoutMs);
      idle.unref();
      ws.on('message', (data, isBinary) => {
        idle.refresh();
        // API Gateway closes a connection that sends a binary frame (1003, unsupported data).
        if (isBinary) return ws.close(1003, 'Binary frames are not supported; send base64 text frames.');
        run(() => handlers.message(event(connectionId, '$default', { body: data.toString('utf8') })));
      });
      // A frame over `maxPayload` (or any protocol error) fails this socket alone: ws has already
      // answered the close code (1009 for a too-big frame) and ends the socket; the 'close' below
      // runs `$disconnect`. Without a listener the error would end the whole dev server.
      ws.on('error', (error) => {
        console.warn('realtime socket error', connectionId, error.message);
        if (ws.readyState === ws.OPEN) ws.terminate();
      });
      ws.on('close', () => {
        clearTimeout(idle);
        run(async () => {
          sockets.delete(connectionId);
          await handlers.disconnect(event(connectionId, '$disconnect'));
        });
        const last = queue;
        void last.then(() => queues.delete(last));
      });
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== realtimePath) return refuse(socket, 404, 'No WebSocket endpoint at this path.');
    const connectionId = newConnectionId();
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(',') : value,
      ]),
    );
    const queryStringParameters = Object.fromEntries(url.searchParams.entries());
    handlers
      .connect(event(connectionId, '$connect', { headers, queryStringParameters }))
      .then((result) => {
        if (result.statusCode === 200) accept(request, socket, head, connectionId);
        else refuse(socket, result.statusCode, result.body ?? '');
      })
      .catch((error: unknown) => {
        console.error('realtime connect failure', error);
        refuse(socket, 500, 'Internal error.');
      });
  };
  server.on('upgrade', onUpgrade);
  return {
    async close() {
      server.off('upgrade', onUpgrade);
      // A socket already closed stays listed until its queued `$disconnect` runs: waiting for its
      // 'close' would wait forever; the queues below wait for that `$disconnect`.
      const closing = [...sockets.values()]
        .filter((ws) => ws.readyState !== ws.CLOSED)
        .map((ws) => new Promise<void>((closed) => ws.once('close', () => closed())));
      for (const ws of sockets.values()) ws.terminate();
      await Promise.all(closing);
      await Promise.all(queues);
      installConnectionPoster(undefined);
      installGreetingRequester(undefined);
    },
  };
}
