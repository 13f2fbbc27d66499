import { lookup } from 'node:dns/promises';
import { type ClientRequest, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { env } from '../config/env';
import { invalidArgument } from '../core/errors';

/**
 * The one way the service calls a URL a customer configured (webhook deliveries, the permission
 * provider, anything later): decisions §30. The host is resolved once; every address must be allowed
 * (public unicast; loopback too where `ALLOW_LOOPBACK_TARGETS` is on); the socket connects to the
 * checked address (a pinned `lookup`, so DNS cannot answer differently between check and connect;
 * TLS still verifies the certificate against the host name); redirects are never followed; the
 * whole exchange, DNS included, is bounded in time and the answer in bytes. Error messages are
 * generic: they never carry a resolved address or anything a target answered.
 */

/** The service refused to call the target: nothing was sent. */
export class ForbiddenTargetError extends Error {
  override name = 'ForbiddenTargetError';
}

/** The target's host name did not resolve at call time: denied like a refused address. */
export class UnresolvedTargetError extends ForbiddenTargetError {
  override name = 'UnresolvedTargetError';
}

/** The target did not answer in time (the bound covers DNS, connect and the whole answer). */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** The answer was longer than the caller accepts (`overflow: 'fail'`). */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
}

/** The request was not sent: its `beforeSend` gate closed (nothing reached the target). */
export class NotSentError extends Error {
  override name = 'NotSentError';
}

/**
 * Asked once the connection is open, right before the request is written; false sends nothing.
 * Lets a rate-limited sender wait for its planned time with the connection ready, so the send
 * leaves at that time and not a connection set-up later. Its wait is not counted in `timeoutMs`.
 */
export type BeforeSend = () => Promise<boolean>;

/** The connection failed (refused, reset, TLS); the message names only the error code. */
export class OutboundNetworkError extends Error {
  override name = 'OutboundNetworkError';
}

/** A resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Name resolution of outbound calls, as an object so that tests can inject a hostile DNS
 * (`jest.spyOn(hostResolver, 'resolve')`): every outbound lookup goes through it, exactly once.
 */
export const hostResolver = {
  resolve: (host: string): Promise<{ address: string; family: number }[]> =>
    lookup(host, { all: true, verbatim: true }),
};

const messages = {
  refused: 'the target address is not allowed: it must resolve to a public internet address',
  unresolved: 'the target host name did not resolve',
};

/** The URL of a target, or ForbiddenTargetError when it is not an absolute http(s) URL. */
function targetUrl(rawUrl: string): URL {
  const url = URL.canParse(rawUrl) ? new URL(rawUrl) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ForbiddenTargetError('the target must be an http(s) URL');
  }
  return url;
}

/**
 * Resolves a URL's host once and returns the address to connect to. Every address the name has must
 * be allowed, so a name with one internal record is refused outright. Throws ForbiddenTargetError
 * (a refused address) or UnresolvedTargetError (DNS failure: denied too, never "no problem").
 */
export async function resolveTarget(url: URL): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await hostResolver.resolve(host);
    } catch {
      throw new UnresolvedTargetError(messages.unresolved);
    }
  }
  const first = addresses[0];
  if (!first) throw new UnresolvedTargetError(messages.unresolved);
  // The address rules (ipaddr.js) load on the first call out: most functions that hold this module
  // never make one, and would pay for them at every cold start (decisions §96).
  const { isAllowedAddress } = await import('./public-address');
  const loopbackAllowed = env().ALLOW_LOOPBACK_TARGETS;
  if (!addresses.every((entry) => isAllowedAddress(entry.address, loopbackAllowed))) {
    throw new ForbiddenTargetError(messages.refused);
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** How long a configuration-time check waits for DNS (a slow name is treated as not resolving). */
const configCheckResolveMs = 3000;

/**
 * Configuration-time check of a URL the service will call: a host that is, or resolves to, a
 * refused address is a problem to report (the reason never names an address). A name that does not
 * resolve now is accepted: every call resolves and checks again and denies on a DNS failure, so
 * refusing it here would add no protection but make configuration depend on DNS (decisions §30).
 * DNS is given `configCheckResolveMs`, so a hostile name server cannot hold a request open.
 */
export async function targetUrlProblem(rawUrl: string): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const slowDns = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnresolvedTargetError(messages.unresolved)), configCheckResolveMs);
  });
  try {
    await Promise.race([resolveTarget(targetUrl(rawUrl)), slowDns]);
    return undefined;
  } catch (error) {
    if (error instanceof UnresolvedTargetError) return undefined;
    if (error instanceof ForbiddenTargetError) return 'must resolve to a public internet address';
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A request to a customer's URL. */
export interface OutboundRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Bound of the whole exchange: DNS, connect, TLS, sending and the complete answer. */
  timeoutMs: number;
  /** Bytes of the answer read at most. */
  maxResponseBytes: number;
  /**
   * Past `maxResponseBytes`: `truncate` keeps the start and stops reading (a webhook receipt),
   * `fail` throws ResponseTooLargeError (an answer that must be whole, such as the provider's).
   */
  overflow: 'truncate' | 'fail';
  beforeSend?: BeforeSend;
  /** Called once the whole request has been handed to the operating system. */
  onWritten?: () => void;
  /** Called when the answer's status line and headers have arrived. */
  onAnswered?: () => void;
}

/** A target's answer: status, headers and (at most `maxResponseBytes` of) the body. */
export interface OutboundResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Reading stopped at `maxResponseBytes` (`overflow: 'truncate'`): the body may be cut short. */
  truncated: boolean;
}

/** A `lookup` that answers only the checked address, whatever name the socket asks for. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

/**
 * POSTs to a customer's URL under the rules above. Throws ForbiddenTargetError or
 * UnresolvedTargetError (nothing sent), NotSentError, TimeoutError, ResponseTooLargeError or
 * OutboundNetworkError.
 * A 3xx is returned as an answer like any other non-2xx; its Location is never followed.
 */
export function sendOutbound(request: OutboundRequest): Promise<OutboundResponse> {
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    let sent: ClientRequest | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (error: Error) => {
      settle(() => reject(error));
      sent?.destroy();
    };
    const startTimer = () =>
      setTimeout(() => fail(new TimeoutError(`no answer within ${request.timeoutMs} ms`)), request.timeoutMs);
    let timer = startTimer();
    let url: URL;
    try {
      url = targetUrl(request.url);
    } catch (error) {
      fail(error as Error);
      return;
    }
    const connect = (target: ResolvedAddress) => {
      if (settled) return;
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      sent = send(url, {
        method: 'POST',
        agent: false,
        lookup: pinnedLookup(target),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          ...request.headers,
        },
      });
      sent.on('error', (error: NodeJS.ErrnoException) =>
        fail(new OutboundNetworkError(`connection failed (${error.code ?? 'network error'})`)),
      );
      sent.on('response', (response) => {
        request.onAnswered?.();
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = (truncated: boolean) =>
          settle(() =>
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
              truncated,
            }),
          );
        const tooLarge = () => {
          fail(new ResponseTooLargeError(`answer longer than ${request.maxResponseBytes} bytes`));
          response.destroy();
        };
        if (
          request.overflow === 'fail' &&
          Number(response.headers['content-length']) > request.maxResponseBytes
        ) {
          tooLarge();
          return;
        }
        response.on('data', (chunk: Buffer) => {
          const room = request.maxResponseBytes - kept;
          if (chunk.length > room && request.overflow === 'fail') return tooLarge();
          chunks.push(chunk.subarray(0, room));
          kept += Math.min(chunk.length, room);
          if (request.overflow === 'truncate' && kept >= request.maxResponseBytes) {
            // Enough to record: stop reading a large (or endless) answer.
            finish(true);
            response.destroy();
          }
        });
        response.on('end', () => finish(false));
        response.on('error', () => fail(new OutboundNetworkError('connection failed (answer cut off)')));
      });
      const { beforeSend } = request;
      if (!beforeSend) {
        sent.end(request.body, request.onWritten);
        return;
      }
      // A fresh socket (no agent) is still connecting here: the gate opens once it could write.
      sent.on('socket', (socket) =>
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', async () => {
          clearTimeout(timer);
          const open = await beforeSend().catch((error: unknown) => {
            fail(error as Error);
            return false;
          });
          if (settled) return;
          if (!open) return fail(new NotSentError('not sent: the sender gave up its turn'));
          timer = startTimer();
          sent?.end(request.body, request.onWritten);
        }),
      );
    };
    resolveTarget(url).then(connect).catch(fail);
  });
}

/**
 * Throws INVALID_ARGUMENT naming `field` when a configured URL (webhook, endpoint, permission
 * provider) is, or resolves to, a refused address. Empty or absent URLs pass (nothing to call).
 */
export async function assertAllowedTargetUrl(field: string, url: string | undefined): Promise<void> {
  if (url === undefined || url === '') return;
  const problem = await targetUrlProblem(url);
  if (problem) throw invalidArgument(`${field}: ${problem}`);
}
