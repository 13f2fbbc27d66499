import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * A page the service serves itself (`GET <path>`, shared/http/pages.ts): one HTML response with its
 * script and style inlined, so its Content-Security-Policy allows exactly those (by hash) and
 * nothing from any other origin.
 */
export interface HtmlPage {
  readonly html: string;
  /** CSP hash sources (`'sha256-…'`) of the inline `<script>` elements. */
  readonly scriptHashes: readonly string[];
  /** CSP hash sources of the inline `<style>` elements. */
  readonly styleHashes: readonly string[];
}

/**
 * The page's Content-Security-Policy: nothing by default; its own inline script and style by hash;
 * calls to its own origin only; no `<base>`, no form posting anywhere; framed only by
 * `frameAncestors` (a CSP source list, `'none'` by default: see `PORTAL_FRAME_ANCESTORS`).
 */
export function contentSecurityPolicy(page: HtmlPage, frameAncestors: string): string {
  return [
    "default-src 'none'",
    `script-src ${page.scriptHashes.join(' ')}`,
    `style-src ${page.styleHashes.join(' ')}`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * The response of a page: HTML, never cached (it may be opened with a session's token in its
 * fragment), no referrer sent from it, no content sniffing, and its CSP.
 */
export function htmlPageResponse(page: HtmlPage, frameAncestors: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'content-security-policy': contentSecurityPolicy(page, frameAncestors),
    },
    body: page.html,
  };
}
