import { createHash } from 'node:crypto';
import { handler } from '../../../functions/webhooks/portal-page';
import { frameAncestors } from '../../../shared/config/env';
import { contentSecurityPolicy, htmlPageResponse } from '../../../shared/http/html-page';
import { portalPage } from '../../../shared/webhooks/portal-page/generated';
import { setEnvForFile } from '../../support/file-env';

// The env module needs a keyring setting to parse; the page reads none.
setEnvForFile('DATA_KEY', 'portal-page-test-key-of-at-least-32-characters');

const { html } = portalPage;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** The text of every inline element `<tag>…</tag>` of the page. */
const inlineTexts = (tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1] ?? '');

describe('the portal page', () => {
  it('is one response: one inline script and one inline style, nothing loaded from anywhere', () => {
    expect(inlineTexts('script')).toHaveLength(1);
    expect(inlineTexts('style')).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/\bsrc=|<link rel="stylesheet"|@import|url\(/i);
    // No other origin named anywhere: no absolute URL, no protocol-relative one.
    expect(html).not.toMatch(/https?:\/\/|["'(]\/\/[a-z]/i);
    // Nothing a CSP of hashes would refuse: inline handlers and style attributes.
    expect(html).not.toMatch(/\son[a-z]+=|\sstyle=/i);
  });

  it('has a CSP whose hashes are those of its inline script and style', () => {
    expect(portalPage.scriptHashes).toEqual(inlineTexts('script').map(sha256));
    expect(portalPage.styleHashes).toEqual(inlineTexts('style').map(sha256));
  });
});

describe('GET /portal', () => {
  it("answers the page, never cached, with its own CSP and frame-ancestors 'none' by default", async () => {
    const response = await handler();
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(html);
    expect(response.headers).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'content-security-policy': [
        "default-src 'none'",
        `script-src ${portalPage.scriptHashes[0]}`,
        `style-src ${portalPage.styleHashes[0]}`,
        "connect-src 'self'",
        "img-src 'self' data:",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    });
  });

  it('lets the sources of the setting frame the page', () => {
    const policy = htmlPageResponse(portalPage, "'self' https://app.example.com").headers?.[
      'content-security-policy'
    ];
    expect(policy).toBe(contentSecurityPolicy(portalPage, "'self' https://app.example.com"));
    expect(String(policy).endsWith("; frame-ancestors 'self' https://app.example.com")).toBe(true);
  });
});

describe('PORTAL_FRAME_ANCESTORS', () => {
  it.each([
    "'none'",
    "'self'",
    'https://app.example.com',
    "'self' https://app.example.com https://*.example.org:8443",
    'https:',
    'http://localhost:3000',
  ])('takes %p', (value) => {
    expect(frameAncestors.safeParse(value).success).toBe(true);
  });

  it.each([
    '',
    "'none' 'self'",
    "https://app.example.com; script-src 'unsafe-inline'",
    'https://a.example.com,https://b.example.com',
    "'unsafe-inline'",
    'https://app.example.com\r\nx-injected: 1',
  ])('refuses %p: it would not be one source list', (value) => {
    expect(frameAncestors.safeParse(value).success).toBe(false);
  });
});
