import { normaliseDomain, originAllowed } from '../../../shared/workspace/domains';

describe('normaliseDomain', () => {
  it.each([
    ['https://www.Example.com:8443/path?q=1', 'example.com'],
    ['example.com.', 'example.com'],
    ['*.example.com', '*.example.com'],
    ['http://*.Example.com/', '*.example.com'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['app.example.co.uk', 'app.example.co.uk'],
  ])('normalises %s to %s', (entry, expected) => {
    expect(normaliseDomain(entry)).toBe(expected);
  });

  it.each(['', 'exa mple.com', '-bad.com', 'a..b', 'http://', '*.'])('rejects %j', (entry) => {
    expect(normaliseDomain(entry)).toBeUndefined();
  });
});

describe('originAllowed', () => {
  it('allows listed hosts, www-prefixed or not', () => {
    expect(originAllowed('https://www.example.com', ['example.com'], 'production')).toBe(true);
    expect(originAllowed('https://example.com:3000', ['example.com'], 'production')).toBe(true);
  });

  it('allows subdomains only through a wildcard entry', () => {
    expect(originAllowed('https://app.example.com', ['example.com'], 'production')).toBe(false);
    expect(originAllowed('https://app.example.com', ['*.example.com'], 'production')).toBe(true);
    expect(originAllowed('https://evilexample.com', ['*.example.com'], 'production')).toBe(false);
  });

  it('always allows localhost for testing keys, never implicitly for production keys', () => {
    expect(originAllowed('http://localhost:5173', [], 'testing')).toBe(true);
    expect(originAllowed('http://localhost:5173', [], 'production')).toBe(false);
  });

  it('refuses malformed origins', () => {
    expect(originAllowed('null', ['example.com'], 'testing')).toBe(false);
  });
});
