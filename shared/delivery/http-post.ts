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

/**
 * POSTs a body to a webhook URL. The host is resolved and checked once (target-guard), and the
 * connection goes to exactly that address (a pinned `lookup`, so DNS cannot change between check and
 * connect); TLS still verifies the certificate against the host name. Redirects are not followed
 * (a 3xx is just a non-2xx answer); the whole exchange is bounded by `timeoutMs`; at most
 * `maxResponseBytes` of the answer are kept. Throws ForbiddenTargetError, TimeoutError or a network error.
 */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
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
    const timer = setTimeout(
      () => request.destroy(new TimeoutError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
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
    request.end(body);
  });
}
