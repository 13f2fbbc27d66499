import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { lambdaContext } from '../../scripts/local/lambda-adapter';
import { type DbCallStats, measureDbCalls } from '../../shared/db/metrics';
import { assertContract, type ContractedRoute } from './contract';

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface CallOptions {
  /** Sent as `{ data }`; ignored when `body` is given. */
  data?: unknown;
  /** Raw body text, for malformed-input tests. */
  body?: string;
  headers?: Record<string, string>;
  method?: string;
  path?: string;
  /**
   * The function's timeout the handler sees (default 30 s): a test of a call budget on a large
   * input gives it room, so a loaded machine cannot turn the budget into a race against the clock.
   */
  timeoutMs?: number;
}

export interface CallResult {
  statusCode: number;
  headers: Record<string, string>;
  /** The parsed JSON body. */
  json: {
    result?: { status: string; message: string; data?: any; [sibling: string]: any };
    error?: { status: string; message: string; details?: any };
  };
  db: DbCallStats;
}

/** An API Gateway HTTP API (payload 2.0) event as Lambda receives it. */
export function apiEvent(options: CallOptions = {}): APIGatewayProxyEventV2 {
  const path = options.path ?? '/test';
  const method = options.method ?? 'POST';
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...options.headers },
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'test.local',
      domainPrefix: 'test',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: randomUUID(),
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body: options.body ?? JSON.stringify({ data: options.data ?? {} }),
    isBase64Encoded: false,
  };
}

/**
 * Invokes a handler the way Lambda does and returns the parsed response with its DynamoDB calls.
 * Every response is checked against the route's contract first (`assertContract`): a success body
 * outside the route's output schema, or a failure outside the error envelope, fails the test.
 */
export async function call(handler: unknown, options: CallOptions = {}): Promise<CallResult> {
  const run = handler as Handler;
  const { result, stats } = await measureDbCalls(() =>
    run(apiEvent(options), lambdaContext('test', options.timeoutMs) as Context),
  );
  const statusCode = result.statusCode ?? 200;
  const json = JSON.parse(result.body ?? 'null');
  assertContract((handler as { definition?: ContractedRoute }).definition, statusCode, json);
  return { statusCode, headers: (result.headers ?? {}) as Record<string, string>, json, db: stats };
}

/** The success payload of a response; fails the test with the error body when the call failed. */
export function dataOf(response: CallResult): any {
  if (!response.json.result) throw new Error(`expected success, got ${JSON.stringify(response.json)}`);
  return response.json.result.data;
}
