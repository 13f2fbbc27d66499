import ipaddr from 'ipaddr.js';

/**
 * Whether an address is public unicast. Anything ipaddr.js classifies otherwise is refused:
 * loopback, private, link-local (which holds the 169.254.169.254 metadata address), CGNAT,
 * unique-local (fd00:ec2::254), multicast, unspecified, reserved, and the IPv6 forms that embed or
 * tunnel IPv4 (IPv4-mapped and -compatible addresses are unwrapped and judged as IPv4).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * Whether the service may connect to an address: public, or loopback where the deployment allows it.
 * Imports nothing of the service's: a module that `import()` reaches is evaluated when first used,
 * and so is everything it imports, zod and the environment included, which a function would then
 * parse twice at every cold start (decisions §96).
 */
export function isAllowedAddress(address: string, loopbackAllowed: boolean): boolean {
  if (isPublicAddress(address)) return true;
  return loopbackAllowed && ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}
