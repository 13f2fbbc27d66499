import { isAllowedAddress } from '../../../shared/security/outbound-http';

const loopback = ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1'];
const neverAllowed = [
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
  'not-an-address',
];

describe('isAllowedAddress', () => {
  it.each(neverAllowed)('refuses %s whether or not loopback is allowed', (address) => {
    expect(isAllowedAddress(address, false)).toBe(false);
    expect(isAllowedAddress(address, true)).toBe(false);
  });

  it.each(loopback)('allows loopback %s only where the deployment allows loopback', (address) => {
    expect(isAllowedAddress(address, false)).toBe(false);
    expect(isAllowedAddress(address, true)).toBe(true);
  });

  it.each(['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows public %s', (address) => {
    expect(isAllowedAddress(address, false)).toBe(true);
  });
});
