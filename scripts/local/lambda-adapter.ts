import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Message } from '@aws-sdk/client-sqs';
import type { APIGatewayProxyEventV2, Context, SQSRecord } from 'aws-lambda';

/** The API Gateway (HTTP API, payload 2.0) event Lambda would receive for this request. */
export function toApiGatewayEvent(
  request: IncomingMessage,
  body: string,
  routeKey: string,
): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  // As API Gateway does: the local server speaks plain HTTP.
  headers['x-forwarded-proto'] ??= 'http';
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body,
    isBase64Encoded: false,
  };
}

/**
 * The SQS event record Lambda's event source mapping would hand a consumer for a message received
 * from `queueName` (received with `MessageSystemAttributeNames: ['All']`, so the attributes are there).
 */
export function toSqsRecord(message: Message, queueName: string): SQSRecord {
  return {
    messageId: message.MessageId as string,
    receiptHandle: message.ReceiptHandle as string,
    body: message.Body ?? '',
    attributes: message.Attributes as SQSRecord['attributes'],
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${queueName}`,
    awsRegion: 'local',
  };
}

/** A Lambda context good enough for handlers run in process; `timeoutMs` as the function's timeout. */
export function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => deadline - Date.now(),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
