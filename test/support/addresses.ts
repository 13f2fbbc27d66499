/** Loopback addresses: refused by deployments, allowed where loopback targets are (the local stack). */
export const loopbackAddresses = ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1'];

/**
 * Addresses no outbound request (webhook, permission provider) may reach: private, link-local (the
 * instance metadata service among them), shared, unspecified, multicast, broadcast, documentation,
 * unique-local, and internal IPv4 wrapped in IPv6 (mapped, NAT64, 6to4).
 */
export const internalAddresses = [
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '192.0.2.1',
  '::',
  'fe80::1',
  'fd00::1',
  'fd00:ec2::254',
  'ff02::1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '64:ff9b::a9fe:a9fe',
  '2002:a9fe:a9fe::',
];

/** Public unicast addresses, IPv4, IPv6 and IPv4-mapped. */
export const publicAddresses = ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
