import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import { ApiError, invalidArgument, permissionDenied, resourceExhausted } from '../core/errors';
import { type RequestLog, requestLog } from '../core/logger';
import { type ReadGate, startBeforeAuth } from '../db/before-auth';
import { brokenStorageLimit, maxItemBytes, type StorageLimit } from '../db/storage-limits';
import { isThrottled } from '../db/throttling';
import { metricNames } from '../observability/metric-names';
import { recordMetric } from '../observability/metrics';
import {
  type Authenticator,
  bearerToken,
  type Caller,
  usableCredential,
  wellFormedCredential,
} from './caller';
import { failureResponse } from './envelope';
import { blamedFieldPath, inputLimitIssues } from './input-limits';
import { type AuthLevel, defaultMaxBodyBytes, type PortalAccess } from './route-rows';
import { invalidInput, parseOrThrow } from './validation';

/** Per-request state the middlewares fill in, in chain order. */
export interface EndpointState {
  requestId: string;
  routeName: string;
  /**
   * Where the request reached the service: `x-forwarded-proto` (API Gateway sets it; https when
   * absent) and the domain the request came to.
   */
  serviceUrl: string;
  log: RequestLog;
  startedAt: number;
  body?: { data: Record<string, unknown> };
  caller?: Caller;
  /**
   * On API-key routes, set by `credentialKey`: the API key the request's credential names, and
   * whether a portal token names it (then it opened, but its session is not checked yet).
   */
  credential?: { apiKey: string; portalToken?: string };
  input?: unknown;
  /** Set by `startPrefetch`: the input's validation, done before auth so reads can start with it. */
  earlyValidation?: { input: unknown } | { error: unknown };
  /** The route's prefetch, started together with the auth read (`startPrefetch`). */
  prefetched?: Promise<unknown>;
  /** Holds the prefetch's later reads until the route runs; closed when the request ends otherwise. */
  prefetchGate?: ReadGate;
}

export type EndpointContext = Context & { endpoint: EndpointState };

type EndpointMiddleware = MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  EndpointContext
>;

/** Header names are case-insensitive (addendum §2): lower-case them once. */
function normaliseHeaders(headers: APIGatewayProxyEventV2['headers'] | undefined): Record<string, string> {
  const normalised: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) normalised[name.toLowerCase()] = value;
  }
  return normalised;
}

/**
 * First in every chain: request id, lower-cased headers, the per-request logger, and — on the way
 * out, success or failure — the `x-request-id` header, one structured log line and, for an error
 * response, the `RouteErrors` metric by route and status.
 */
export function requestContext(routeName: string): EndpointMiddleware {
  const finish = (request: Parameters<NonNullable<EndpointMiddleware['after']>>[0]) => {
    const state = request.context.endpoint;
    // A prefetch's held-back reads never go out once the request has ended without running its route.
    state?.prefetchGate?.close();
    if (!request.response) return;
    request.response.headers = { ...request.response.headers, 'x-request-id': state.requestId };
    const { statusCode = 200 } = request.response;
    state.log.info('request finished', { statusCode, durationMs: nowMs() - state.startedAt });
    if (statusCode >= 400) {
      recordMetric(metricNames.routeErrors, 1, 'Count', { route: routeName, status: String(statusCode) });
    }
  };
  return {
    before: (request) => {
      request.event.headers = normaliseHeaders(request.event.headers);
      const requestId = request.event.requestContext?.requestId ?? randomUUID();
      const headers = request.event.headers as Record<string, string>;
      const domain = request.event.requestContext?.domainName ?? headers.host ?? 'localhost';
      request.context.endpoint = {
        requestId,
        routeName,
        serviceUrl: `${headers['x-forwarded-proto'] ?? 'https'}://${domain}`,
        startedAt: nowMs(),
        log: requestLog({ route: routeName, requestId }),
      };
    },
    after: finish,
    onError: finish,
  };
}

/** Every operation is a POST (addendum §1): any other method is HTTP 405 with status INVALID_ARGUMENT. */
export function assertPost(event: APIGatewayProxyEventV2): void {
  const method = event.requestContext?.http?.method ?? 'POST';
  if (method !== 'POST') {
    throw new ApiError('INVALID_ARGUMENT', `Method ${method} is not allowed; every operation is a POST.`, {
      httpStatus: 405,
    });
  }
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/**
 * POST only (405 otherwise), then the body size guard (before any parsing) and the JSON parse:
 * the body must be an object whose `data` is an object (addendum §1) within the input limits every
 * route shares (`inputLimitIssues`: depth, well-formed Unicode, field names, storable numbers;
 * decisions §29).
 */
export function jsonBody(maxBodyBytes = defaultMaxBodyBytes): EndpointMiddleware {
  return {
    before: (request) => {
      const { event } = request;
      assertPost(event);
      const raw = event.body ?? '';
      const size = event.isBase64Encoded ? Buffer.byteLength(raw, 'base64') : Buffer.byteLength(raw, 'utf8');
      if (size > maxBodyBytes) {
        throw invalidArgument(`Request body exceeds the ${describeBytes(maxBodyBytes)} limit.`);
      }
      const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw invalidArgument('Request body is not valid JSON.');
      }
      const isObject = (value: unknown): value is Record<string, unknown> =>
        typeof value === 'object' && value !== null && !Array.isArray(value);
      if (!isObject(parsed))
        throw invalidArgument('Request body must be a JSON object with a `data` object.');
      if (parsed.data === undefined) {
        throw invalidArgument('data: required', { issues: [{ path: 'data', message: 'required' }] });
      }
      if (!isObject(parsed.data)) {
        throw invalidArgument('data: must be an object', {
          issues: [{ path: 'data', message: 'must be an object' }],
        });
      }
      const issues = inputLimitIssues(parsed.data);
      if (issues.length > 0) throw invalidInput(issues);
      request.context.endpoint.body = { data: parsed.data };
    },
  };
}

/**
 * On API-key routes, before anything starts beside the auth read (the request's count, a prefetch):
 * the API key the request's credential names (`EndpointState.credential`) — its `x-svc-api-key`
 * header, or on a portal route without one, the key a portal session's bearer token names.
 */
export function credentialKey(
  authenticator: Authenticator,
  portal: PortalAccess | undefined,
): EndpointMiddleware {
  return {
    before: (request) => {
      const headers = request.event.headers as Record<string, string>;
      const state = request.context.endpoint;
      const apiKey = headers['x-svc-api-key'];
      if (apiKey !== undefined) {
        if (usableCredential(apiKey)) state.credential = { apiKey };
        return;
      }
      const token = portal && bearerToken(headers);
      const tokenKey = token && authenticator.portalTokenKey(token);
      if (token && tokenKey) state.credential = { apiKey: tokenKey, portalToken: token };
    },
  };
}

/**
 * Sets `caller` for the route's auth level through `authenticator`; wrong or missing credentials are
 * PERMISSION_DENIED. An API-key route called with a portal session's bearer token (and no
 * `x-svc-api-key`) takes it when its `portal` access allows (a read-only session only `read`
 * routes), PERMISSION_DENIED otherwise; an expired, tampered or revoked token is UNAUTHENTICATED.
 */
export function authenticate(
  level: AuthLevel,
  authenticator: Authenticator,
  portal?: PortalAccess,
): EndpointMiddleware {
  return {
    before: async (request) => {
      const headers = request.event.headers as Record<string, string>;
      const state = request.context.endpoint;
      if (level === 'none') {
        state.caller = { level: 'none' };
      } else if (level === 'workspace') {
        state.caller = await authenticator.workspace(
          headers['x-svc-workspace-id'],
          headers['x-svc-workspace-auth-token'],
        );
        state.log.appendKeys({ workspaceId: state.caller.workspaceId });
      } else {
        const token = headers['x-svc-api-key'] === undefined ? bearerToken(headers) : undefined;
        if (token === undefined) {
          state.caller = await authenticator.apiKey(
            headers['x-svc-api-key'],
            headers['x-svc-auth-token'],
            headers.origin,
          );
        } else {
          if (!portal)
            throw permissionDenied('A portal session token is accepted only by the portal routes.');
          const caller = await authenticator.portal(token);
          if (caller.portal?.readOnly && portal !== 'read')
            throw permissionDenied('A read-only portal session cannot call this route.');
          state.caller = caller;
        }
        state.log.appendKeys({ apiKey: state.caller.apiKey });
      }
    },
  };
}

/** A route's prefetch as the middleware calls it: the valid input plus the credential's key (`prefetchKeys`). */
export type PrefetchFunction = (args: { input: unknown } & Record<string, unknown>) => Promise<unknown>;

/**
 * What a prefetch is keyed by, as the argument it arrives as: on API-key routes the key the
 * credential names (`credentialKey`; with the auth token's shape checked first, or a portal token
 * that opened), on workspace routes the workspace id header with its token's shape checked.
 */
function prefetchKey(
  level: Exclude<AuthLevel, 'none'>,
  state: EndpointState,
  headers: Record<string, string>,
): Record<string, string> | undefined {
  if (level === 'apiKey') {
    const { credential } = state;
    if (!credential) return undefined;
    const vouched = credential.portalToken !== undefined || wellFormedCredential(headers['x-svc-auth-token']);
    return vouched && wellFormedCredential(credential.apiKey) ? { apiKey: credential.apiKey } : undefined;
  }
  const workspaceId = headers['x-svc-workspace-id'];
  return wellFormedCredential(workspaceId) && wellFormedCredential(headers['x-svc-workspace-auth-token'])
    ? { workspaceId }
    : undefined;
}

/**
 * Just before auth, for a route with a prefetch: validates `data` and, when it is valid and the
 * credential looks usable (`prefetchKey`), starts `prefetch` so its reads travel together with the
 * auth read — behind a read gate (shared/db/before-auth.ts): only its first round trip of single calls goes
 * out before the route runs, and nothing goes out after a request that never ran it has ended.
 * Nothing changes what a failed request answers: a validation error is kept for `validateInput`,
 * which throws it only after auth has passed; a prefetch whose auth fails is never awaited (its
 * rejection is marked handled), so nothing it read reaches the caller.
 */
export function startPrefetch(
  schema: z.ZodMiniType,
  level: Exclude<AuthLevel, 'none'>,
  prefetch: PrefetchFunction,
): EndpointMiddleware {
  return {
    before: (request) => {
      const state = request.context.endpoint;
      try {
        state.earlyValidation = { input: parseOrThrow(schema, state.body?.data) };
      } catch (error) {
        state.earlyValidation = { error };
        return;
      }
      const key = prefetchKey(level, state, request.event.headers as Record<string, string>);
      if (!key) return;
      const input = state.earlyValidation.input;
      const { started, gate } = startBeforeAuth(() => {
        try {
          return prefetch({ ...key, input });
        } catch (error) {
          // A synchronous throw must not answer before auth either.
          return Promise.reject(error);
        }
      });
      started.catch(() => undefined);
      state.prefetched = started;
      state.prefetchGate = gate;
    },
  };
}

/**
 * Validates `data` with the route's schema (or takes `startPrefetch`'s verdict); the parsed value
 * becomes the run function's `input`.
 */
export function validateInput(schema: z.ZodMiniType): EndpointMiddleware {
  return {
    before: (request) => {
      const state = request.context.endpoint;
      const early = state.earlyValidation;
      if (early && 'error' in early) throw early.error;
      state.input = early ? early.input : parseOrThrow(schema, state.body?.data);
    },
  };
}

const storageLimitMessages: Record<StorageLimit, string> = {
  'item-size': `too large to store (an item holds at most ${maxItemBytes / 1024} KB)`,
  nesting: 'nested too deep to store (32 levels)',
  'empty-name': 'an empty string cannot name a stored field',
  'empty-key': 'an empty string cannot be part of a key',
};

/** Whether middy stopped the handler at the function's deadline (its early timeout response). */
const ranOutOfTime = (error: unknown) =>
  error instanceof Error &&
  error.name === 'TimeoutError' &&
  (error.cause as { package?: unknown } | undefined)?.package === '@middy/core';

/**
 * Last registered, so its `onError` runs first: an `ApiError` becomes the failure envelope; a
 * request middy stopped at the function's deadline is DEADLINE_EXCEEDED (504); a
 * request DynamoDB throttled (a hot item or partition, after the SDK's retries) is
 * RESOURCE_EXHAUSTED with Retry-After 1; a write that broke a DynamoDB limit with the caller's data is INVALID_ARGUMENT naming the field to blame
 * (`blamedFieldPath`); anything else is logged once with its stack and answered as an opaque
 * INTERNAL naming the request id.
 */
export function errorEnvelope(): EndpointMiddleware {
  return {
    onError: (request) => {
      const { error } = request;
      const state = request.context.endpoint;
      if (error instanceof ApiError) {
        request.response = failureResponse(error);
        return;
      }
      if (ranOutOfTime(error)) {
        state?.log.error('request ran out of time', error as Error);
        request.response = failureResponse(
          new ApiError(
            'DEADLINE_EXCEEDED',
            'The request did not finish in time; some of its writes may have been made. Retry it.',
          ),
        );
        return;
      }
      if (isThrottled(error)) {
        state?.log.warn('DynamoDB throttled the request', { error: (error as Error).name });
        request.response = failureResponse(
          resourceExhausted('Too many requests to the same data right now; retry in a moment.', 1),
        );
        return;
      }
      const limit = brokenStorageLimit(error);
      if (limit) {
        const path = blamedFieldPath(state?.body?.data, limit);
        state?.log.warn('write refused by a DynamoDB limit', { limit, path });
        request.response = failureResponse(invalidInput([{ path, message: storageLimitMessages[limit] }]));
        return;
      }
      state?.log.error('unexpected error', error as Error);
      request.response = failureResponse(
        new ApiError('INTERNAL', `Internal error. Request id: ${state?.requestId ?? 'unknown'}.`),
      );
    },
  };
}
