import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { notFound } from '../core/errors';
import { assertPost, type EndpointContext, errorEnvelope, requestContext } from '../http/middleware';
import { routeForPath } from './routes';

/**
 * The handler for requests no route serves (API Gateway's `$default` route and the dev server's
 * fallback): a known path with another method is 405, anything else NOT_FOUND — both enveloped.
 */
export const unroutedHandler = middy<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  EndpointContext
>()
  .use(requestContext('unrouted'))
  .use(errorEnvelope())
  .handler(async (event) => {
    const path = event.rawPath ?? event.requestContext?.http?.path ?? '';
    if (routeForPath(path)) assertPost(event);
    throw notFound(`No operation at ${path}.`);
  });
