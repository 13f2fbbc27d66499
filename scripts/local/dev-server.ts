import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handler as connectHandler } from '../../functions/realtime/connect';
import { handler as disconnectHandler } from '../../functions/realtime/disconnect';
import { handler as greetHandler } from '../../functions/realtime/greet';
import { handler as messageHandler } from '../../functions/realtime/message';
import { handlerFile, type RouteDefinition, routeForPath } from '../../shared/api/routes';
import { unroutedHandler } from '../../shared/api/unrouted';
import { invalidArgument } from '../../shared/core/errors';
import { type DbCallStats, measureDbCalls } from '../../shared/db/metrics';
import { corsPreflightHeaders, corsResponseHeaders } from '../../shared/http/cors';
import { failureResponse } from '../../shared/http/envelope';
import { type PageDefinition, pageForPath, pageHandlerFile, pageRouteKey } from '../../shared/http/pages';
import { renderReferencePage } from '../docs/reference-page';
import { openApiFile } from '../docs/render';
import { lambdaContext, toApiGatewayEvent } from './lambda-adapter';
import { attachRealtime } from './realtime-server';

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Requests past API Gateway's payload limit are refused before a handler sees them. */
const maxRequestBytes = 10 * 1024 * 1024;

export interface DevServerOptions {
  port: number;
  host?: string;
  /** Answers `GET /health`: every dependency's state; 200 when all are `up`. */
  health: () => Promise<Record<string, string>>;
  /**
   * Adds `x-db-calls`, `x-db-capacity-units`, `x-db-commands` and `x-db-serial-round-trips` headers
   * to every response.
   */
  exposeDbMetrics: boolean;
  /** With `exposeDbMetrics`: every request's DynamoDB calls, before its response is sent (the bench's replay). */
  onDbCalls?: (stats: DbCallStats) => void;
}

export interface DevServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const handlers = new Map<string, Promise<Handler>>();

/** A handler module, loaded once from its project-relative file. */
function loadHandlerFile(file: string): Promise<Handler> {
  let handler = handlers.get(file);
  if (!handler) {
    handler = import(resolve(process.cwd(), file)).then((module: { handler: Handler }) => module.handler);
    handlers.set(file, handler);
  }
  return handler;
}

/** The route's handler module, from the path the route table derives. */
const loadHandler = (route: RouteDefinition) => loadHandlerFile(handlerFile(route));

/** `GET <path>` of a page (shared/http/pages.ts): its function's answer, as API Gateway routes it. */
async function servePage(page: PageDefinition, request: IncomingMessage, response: ServerResponse) {
  const handler = await loadHandlerFile(pageHandlerFile(page));
  const event = toApiGatewayEvent(request, '', pageRouteKey(page));
  send(response, await handler(event, lambdaContext(`${page.name}-page`)));
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxRequestBytes) chunks.push(chunk);
    });
    request.on('end', () =>
      done(size > maxRequestBytes ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
    request.on('error', fail);
  });
}

function send(response: ServerResponse, result: APIGatewayProxyStructuredResultV2, extraHeaders = {}): void {
  response.writeHead(result.statusCode ?? 200, { ...result.headers, ...extraHeaders });
  response.end(result.body ?? '');
}

/**
 * `GET /docs`: the HTML reference rendered from docs/openapi.json as it is on disk now (re-run
 * `npm run docs` and reload); `GET /docs/openapi.json`: the document itself. False for other paths.
 */
async function serveDocs(path: string, response: ServerResponse): Promise<boolean> {
  if (path !== '/docs' && path !== '/docs/' && path !== '/docs/openapi.json') return false;
  const openApi = await readFile(resolve(process.cwd(), openApiFile), 'utf8');
  send(
    response,
    path === '/docs/openapi.json'
      ? { statusCode: 200, headers: { 'content-type': 'application/json' }, body: openApi }
      : {
          statusCode: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          body: await renderReferencePage(openApi),
        },
  );
  return true;
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  options: DevServerOptions,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const origin = request.headers.origin;
  // API Gateway answers preflight before routing and adds the CORS headers to every answer.
  const preflight = corsPreflightHeaders({
    method: request.method,
    origin,
    requestMethod: request.headers['access-control-request-method'],
  });
  if (preflight) {
    send(response, { statusCode: 204 }, preflight);
    return;
  }
  for (const [name, value] of Object.entries(corsResponseHeaders(origin))) response.setHeader(name, value);
  if (request.method === 'GET' && (await serveDocs(path, response))) return;
  const page = request.method === 'GET' ? pageForPath(path) : undefined;
  if (page) {
    await servePage(page, request, response);
    return;
  }
  if (request.method === 'GET' && path === '/health') {
    const checks = await options.health();
    const healthy = Object.values(checks).every((state) => state === 'up');
    send(response, {
      statusCode: healthy ? 200 : 503,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: healthy ? 'ok' : 'degraded', checks }),
    });
    return;
  }
  const body = await readBody(request);
  if (body === undefined) {
    send(
      response,
      failureResponse(invalidArgument(`Request body exceeds the ${maxRequestBytes} byte limit.`)),
    );
    return;
  }
  const route = routeForPath(path);
  const event = toApiGatewayEvent(request, body, route ? `POST ${route.path}` : '$default');
  // Any method on a route's path reaches the route's function, which answers 405 itself.
  const handler = route ? await loadHandler(route) : (unroutedHandler as unknown as Handler);
  const invoke = () => handler(event, lambdaContext(route?.name ?? 'unrouted'));
  if (!options.exposeDbMetrics) {
    send(response, await invoke());
    return;
  }
  const { result, stats } = await measureDbCalls(invoke);
  options.onDbCalls?.(stats);
  send(response, result, {
    'x-db-calls': String(stats.calls),
    'x-db-capacity-units': String(stats.capacityUnits),
    'x-db-commands': stats.commands.join(','),
    'x-db-serial-round-trips': String(stats.serialRoundTrips),
  });
}

/**
 * The local HTTP front door: routes each request, as an API Gateway v2 event, to the same handler
 * (and so the same middleware) Lambda runs; unrouted requests go to the same fallback as `$default`.
 * WebSocket upgrades on `/v2/realtime` reach the realtime handlers (`realtime-server.ts`). CORS
 * preflight and headers follow `shared/http/cors.ts`; `GET /docs` serves the HTML reference, and
 * each page of `shared/http/pages.ts` (`GET /portal`) its function's answer.
 */
export function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const server = createServer((request, response) => {
    serve(request, response, options).catch((error: unknown) => {
      console.error('dev server failure', error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { status: 'INTERNAL', message: 'Dev server failure.' } }));
    });
  });
  // Node closes an idle keep-alive socket after 5 s; a client whose next request leaves just as that
  // happens (a loaded machine delays both sides' timers) sees "other side closed". API Gateway keeps
  // idle connections far longer, so the dev server keeps them for 30 s (below its 60 s headers timeout).
  server.keepAliveTimeout = 30_000;
  const realtime = attachRealtime(server, {
    connect: connectHandler,
    disconnect: disconnectHandler,
    message: messageHandler,
    greet: greetHandler,
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({
        url: `http://${options.host ?? '127.0.0.1'}:${port}`,
        server,
        close: async () => {
          await realtime.close();
          await new Promise<void>((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          });
        },
      });
    });
  });
}
