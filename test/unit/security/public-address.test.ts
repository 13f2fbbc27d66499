import { isPublicAddress } from '../../../shared/security/outbound-http';
import { internalAddresses, loopbackAddresses, publicAddresses } from '../../support/addresses';

describe('isPublicAddress', () => {
  it.each([...loopbackAddresses, ...internalAddresses])('refuses %s', (address) =>
    expect(isPublicAddress(address)).toBe(false),
  );

  it.each(publicAddresses)('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));
});
