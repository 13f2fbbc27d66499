import { isAllowedAddress, isPublicAddress } from '../../../shared/security/public-address';
import { internalAddresses, loopbackAddresses, publicAddresses } from '../../support/addresses';

describe('isPublicAddress', () => {
  it.each([...loopbackAddresses, ...internalAddresses])('refuses %s', (address) =>
    expect(isPublicAddress(address)).toBe(false),
  );

  it.each(publicAddresses)('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

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
