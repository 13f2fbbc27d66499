import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { env } from '../config/env';
import { invalidArgument } from '../http/errors';

/** A webhook URL whose host resolves to an address the service must not call (SSRF). */
export class ForbiddenTargetError extends Error {}

/**
 * Whether an address is a public unicast one. Anything ipaddr.js classifies otherwise is refused:
 * loopback, private, link-local (which holds the 169.254.169.254 metadata address), CGNAT,
 * unique-local (fd00:ec2::254), multicast, unspecified, reserved, and the IPv6 forms that embed or
 * tunnel IPv4 (IPv4-mapped addresses are unwrapped and judged as IPv4).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Whether the deployment lets webhooks reach private addresses (local stack, tests). */
export const privateTargetsAllowed = () => env().ALLOW_PRIVATE_WEBHOOK_TARGETS;

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves a URL's host and returns the address to connect to. Throws ForbiddenTargetError when any
 * resolved address is not public (unless allowed), so a name with one private record is refused
 * outright; DNS errors propagate.
 */
export async function resolveTarget(url: URL): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true });
  const first = addresses[0];
  if (!first) throw new Error(`${host} resolves to no address`);
  const forbidden = addresses.find((entry) => !isPublicAddress(entry.address));
  if (forbidden && !privateTargetsAllowed()) {
    throw new ForbiddenTargetError(`${host} resolves to a non-public address (${forbidden.address})`);
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * Configuration-time check of a webhook URL: refuses hosts that are, or resolve to, non-public
 * addresses. A name that does not resolve now is accepted (it is checked again at each delivery).
 * Returns a reason to report, or undefined when the URL is acceptable.
 */
export async function targetProblem(rawUrl: string): Promise<string | undefined> {
  if (privateTargetsAllowed()) return undefined;
  try {
    await resolveTarget(new URL(rawUrl));
    return undefined;
  } catch (error) {
    return error instanceof ForbiddenTargetError
      ? 'must not point to a private or internal address'
      : undefined;
  }
}

/** Throws INVALID_ARGUMENT naming `field` when a configured webhook URL targets a non-public address. */
export async function assertPublicWebhookUrl(field: string, url: string | undefined): Promise<void> {
  if (url === undefined || url === '') return;
  const problem = await targetProblem(url);
  if (problem) throw invalidArgument(`${field}: ${problem}`);
}
