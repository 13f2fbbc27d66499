import type { IncomingHttpHeaders } from 'node:http';
import { type OutboundRequest, sendOutbound } from '../../security/outbound-http';

/** Bytes of a receiver's answer that are read and kept; the rest is discarded unread. */
export const maxResponseBytes = 1024;

export interface PostResult {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The start of the response body (at most `maxResponseBytes`), as text. */
  body: string;
}

/**
 * POSTs a body to a webhook URL through the guarded outbound client (decisions §30): resolved and
 * checked once, connected to the checked address, no redirects, bounded by `timeoutMs`, at most
 * `maxResponseBytes` of the answer kept; `gate.beforeSend` is asked, connection open, right before
 * the request is written, `gate.onWritten` told once it is and `gate.onAnswered` when the answer
 * begins. Throws ForbiddenTargetError (also for a name that does not resolve),
 * TimeoutError, NotSentError or OutboundNetworkError; their messages never name an address.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  gate: Pick<OutboundRequest, 'beforeSend' | 'onWritten' | 'onAnswered'> = {},
): Promise<PostResult> {
  const answer = await sendOutbound({
    url,
    body,
    headers,
    timeoutMs,
    maxResponseBytes,
    overflow: 'truncate',
    ...gate,
  });
  return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body.toString('utf8') };
}
