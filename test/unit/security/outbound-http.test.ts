import { isAllowedAddress } from '../../../shared/security/outbound-http';
import { internalAddresses, loopbackAddresses, publicAddresses } from '../../support/addresses';

describe('isAllowedAddress', () => {
  it.each([...internalAddresses, 'not-an-address'])(
    'refuses %s whether or not loopback is allowed',
    (address) => {
      expect(isAllowedAddress(address, false)).toBe(false);
      expect(isAllowedAddress(address, true)).toBe(false);
    },
  );

  it.each(loopbackAddresses)('allows loopback %s only where the deployment allows loopback', (address) => {
    expect(isAllowedAddress(address, false)).toBe(false);
    expect(isAllowedAddress(address, true)).toBe(true);
  });

  it.each(publicAddresses)('allows public %s', (address) => {
    expect(isAllowedAddress(address, false)).toBe(true);
  });
});
