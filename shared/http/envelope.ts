import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiError } from './errors';

/**
 * What a route's `run` returns: the success message, the payload, and any siblings of `data`
 * the contract puts in `result` (`nextPageToken`, `pageToken`). `bare` replaces `result` whole,
 * for the one operation whose success body has no status (memory search).
 */
export type Reply =
  | { message: string; data?: unknown; extra?: Record<string, unknown> }
  | { bare: Record<string, unknown> };

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

/** The HTTP response of a successful call: `{ result: { status: 'success', message, data } }`. */
export function successResponse(reply: Reply): APIGatewayProxyStructuredResultV2 {
  const result =
    'bare' in reply
      ? reply.bare
      : {
          status: 'success',
          message: reply.message,
          ...(reply.data !== undefined && { data: reply.data }),
          ...reply.extra,
        };
  return { statusCode: 200, headers: { ...jsonHeaders }, body: JSON.stringify({ result }) };
}

/** The HTTP response of a failed call: `{ error: { status, message, details? } }` with the mapped HTTP status. */
export function failureResponse(error: ApiError): APIGatewayProxyStructuredResultV2 {
  const body = {
    error: { status: error.status, message: error.message, ...(error.details && { details: error.details }) },
  };
  return {
    statusCode: error.httpStatus,
    headers: {
      ...jsonHeaders,
      ...(error.retryAfterSeconds !== undefined && { 'retry-after': String(error.retryAfterSeconds) }),
    },
    body: JSON.stringify(body),
  };
}
