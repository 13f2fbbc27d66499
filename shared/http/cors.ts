/**
 * The API's CORS policy, declared once: the CDK stack configures the HTTP API's `corsPreflight`
 * from it and the local dev server answers preflight and adds the headers from it, so a browser
 * app sees the same answers from both (decisions §38).
 */
export const corsPolicy = {
  /** Any origin: callers authenticate with headers, never cookies, so no origin is trusted more. */
  allowOrigins: ['*'],
  /** Every route is `POST <path>` (the route table). */
  allowMethods: ['POST'],
  /**
   * The JSON body, the four credential headers (addendum §2) and `authorization`, which carries a
   * webhook portal session's bearer token (decisions §75).
   */
  allowHeaders: [
    'content-type',
    'authorization',
    'x-svc-api-key',
    'x-svc-auth-token',
    'x-svc-workspace-id',
    'x-svc-workspace-auth-token',
  ],
  /** Lets a browser app read the request id it should quote in a bug report. */
  exposeHeaders: ['x-request-id'],
  /** How long a browser may reuse a preflight answer; Chromium caps it at two hours. */
  maxAgeSeconds: 7200,
} as const;

/** Header name → value, as an HTTP response carries them. */
export type HeaderMap = Record<string, string>;

/**
 * The headers API Gateway's HTTP API adds to a response under `corsPolicy`: none without an
 * `Origin` request header (AWS: "to return CORS headers, your request must contain an origin header").
 */
export function corsResponseHeaders(origin: string | undefined): HeaderMap {
  const allowed = allowedOrigin(origin);
  if (!allowed) return {};
  return {
    'access-control-allow-origin': allowed,
    'access-control-expose-headers': corsPolicy.exposeHeaders.join(','),
  };
}

/**
 * The answer to a preflight request (`OPTIONS` with `Origin` and `Access-Control-Request-Method`),
 * as API Gateway gives it without reaching a function: 204 with the allowed methods, headers and
 * max age. Returns `undefined` for any other request, which API Gateway routes like any request.
 */
export function corsPreflightHeaders(request: {
  method: string | undefined;
  origin: string | undefined;
  requestMethod: string | undefined;
}): HeaderMap | undefined {
  if (request.method !== 'OPTIONS' || !request.origin || !request.requestMethod) return undefined;
  const allowed = allowedOrigin(request.origin);
  // No CORS headers for an origin off the list: the browser then refuses the call.
  if (!allowed) return {};
  return {
    'access-control-allow-origin': allowed,
    'access-control-allow-methods': corsPolicy.allowMethods.join(','),
    'access-control-allow-headers': corsPolicy.allowHeaders.join(','),
    'access-control-max-age': String(corsPolicy.maxAgeSeconds),
  };
}

/** `*` allows every origin; a list echoes the caller's origin when it is on it. */
function allowedOrigin(origin: string | undefined): string | undefined {
  const origins: readonly string[] = corsPolicy.allowOrigins;
  if (!origin) return undefined;
  if (origins.includes('*')) return '*';
  return origins.includes(origin) ? origin : undefined;
}
