import { domainToASCII } from 'node:url';

const hostLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The stored form of an allowed domain: protocol, `www.`, path, port and trailing dot stripped,
 * lower-cased, IDNs in punycode; a leading `*.` wildcard is kept. Undefined when it is no host name.
 */
export function normaliseDomain(entry: string): string | undefined {
  let host = entry.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/, 1)[0] ?? '';
  host = host
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
  const wildcard = host.startsWith('*.');
  if (wildcard) host = host.slice(2);
  host = host.replace(/^www\./, '');
  const ascii = domainToASCII(host);
  if (!ascii || ascii.length > 253 || !ascii.split('.').every((part) => hostLabel.test(part)))
    return undefined;
  return wildcard ? `*.${ascii}` : ascii;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a browser `Origin` may call with an API key (addendum §2): its host must be on the key's
 * list (a `*.example.com` entry covers any subdomain, not the apex); testing keys always allow localhost.
 */
export function originAllowed(
  origin: string,
  domains: readonly string[],
  keyType: 'testing' | 'production',
): boolean {
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return false;
  }
  if (keyType === 'testing' && loopbackHosts.has(hostname)) return true;
  const host = normaliseDomain(hostname);
  if (!host) return false;
  return domains.some((domain) =>
    domain.startsWith('*.') ? host.endsWith(domain.slice(1)) : host === domain,
  );
}
