import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiError } from '../core/errors';

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

/** The HTTP response of a successful call: `{ result }` (the route's output; `status` included when enveloped). */
export function successResponse(result: object): APIGatewayProxyStructuredResultV2 {
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
