import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget } from './target-guard';

/** Bytes of a receiver's answer that are read and kept; the rest is discarded unread. */
export const maxResponseBytes = 1024;

export interface PostResult {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The start of the response body (at most `maxResponseBytes`), as text. */
  body: string;
}

/** The receiver did not answer within the timeout. */
export class TimeoutError extends Error {}

/** The request was not sent: the `beforeSend` gate closed it (nothing reached the receiver). */
export class NotSentError extends Error {}

/**
 * Asked once the connection is open, right before the request is written; false sends nothing.
 * Lets a rate-limited sender wait for its planned time with the connection ready, so the send
 * leaves at that time and not a connection set-up later.
 */
export type BeforeSend = () => Promise<boolean>;

/**
 * POSTs a body to a webhook URL. The host is resolved and checked once (target-guard), and the
 * connection goes to exactly that address (a pinned `lookup`, so DNS cannot change between check and
 * connect); TLS still verifies the certificate against the host name. Redirects are not followed
 * (a 3xx is just a non-2xx answer); the whole exchange is bounded by `timeoutMs`; at most
 * `maxResponseBytes` of the answer are kept; the time spent in `beforeSend` is not counted.
 * Throws ForbiddenTargetError, TimeoutError, NotSentError or a network error.
 */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  beforeSend?: BeforeSend,
): Promise<PostResult> {
  const url = new URL(rawUrl);
  const target = await resolveTarget(url);
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostResult>((resolve, reject) => {
    const request = send(url, {
      method: 'POST',
      agent: false,
      lookup: pinned,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    });
    const startTimer = () =>
      setTimeout(() => request.destroy(new TimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    let timer = startTimer();
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        clearTimeout(timer);
        resolve({
          statusCode: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < maxResponseBytes) {
          chunks.push(chunk.subarray(0, maxResponseBytes - kept));
          kept += Math.min(chunk.length, maxResponseBytes - kept);
        }
        if (kept >= maxResponseBytes) {
          // Enough to record: stop reading a large (or endless) answer.
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    if (!beforeSend) {
      request.end(body);
      return;
    }
    request.on('socket', (socket) => {
      const ready = async () => {
        clearTimeout(timer);
        const send = await beforeSend().catch((error: unknown) => {
          request.destroy(error as Error);
          return false;
        });
        if (request.destroyed) return;
        if (!send) return request.destroy(new NotSentError('not sent: its time passed'));
        timer = startTimer();
        request.end(body);
      };
      // A fresh socket (no agent) is still connecting here: the gate opens once it is ready to write.
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => void ready());
    });
  });
}
