import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { EndpointContext } from './middleware';

type EndpointMiddleware = MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  EndpointContext
>;

/**
 * How a request is counted against its API key's rate (issue 27, fair shares). The counting lives
 * in the quotas domain, so the composition root (shared/api/define-endpoint.ts) hands it over: http
 * imports no domain.
 */
export interface RequestRate<Verdict extends { admitted: boolean }> {
  /** Whether the key is known to be over its rate already: refused before anything is read. */
  knownOver(apiKey: string): boolean;
  /** Starts counting a request of the key; undefined when no rate applies. */
  count(apiKey: string): Promise<Verdict | undefined>;
  /** Takes a counted request back (its credentials were wrong). */
  uncount(apiKey: string, verdict: Verdict): Promise<void>;
  /** The error a request over the rate is answered with (RESOURCE_EXHAUSTED with Retry-After). */
  refusal(): Error;
}

/** The count a request started, by request (the middlewares below share it). */
const started = new WeakMap<EndpointContext, { apiKey: string; verdict: Promise<unknown> }>();

/**
 * Two middlewares around auth on API-key routes: the first starts counting the request by the key
 * its credential names (`credentialKey`: the `x-svc-api-key` header or a portal token) together
 * with the auth read and the prefetch (no serial round trip more), or refuses it at once when the
 * key's window is known full; the second, after auth, refuses a request over the rate. A request
 * whose auth fails is answered as before and its count is taken back, so wrong tokens cannot spend
 * a key's rate.
 */
export function requestRate<Verdict extends { admitted: boolean }>(
  rate: RequestRate<Verdict>,
): { start: EndpointMiddleware; enforce: EndpointMiddleware } {
  return {
    start: {
      before: (request) => {
        const apiKey = request.context.endpoint.credential?.apiKey;
        if (apiKey === undefined) return;
        if (rate.knownOver(apiKey)) throw rate.refusal();
        const verdict = rate.count(apiKey);
        // Never awaited when auth fails first; a failed count is then nobody's concern.
        verdict.catch(() => undefined);
        started.set(request.context, { apiKey, verdict });
      },
      onError: async (request) => {
        const count = started.get(request.context);
        if (!count || request.context.endpoint?.caller) return;
        const verdict = (await count.verdict.catch(() => undefined)) as Verdict | undefined;
        if (verdict) await rate.uncount(count.apiKey, verdict).catch(() => undefined);
      },
    },
    enforce: {
      before: async (request) => {
        const count = started.get(request.context);
        if (!count) return;
        const verdict = (await count.verdict) as Verdict | undefined;
        if (verdict && !verdict.admitted) throw rate.refusal();
      },
    },
  };
}
