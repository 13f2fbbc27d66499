import {
  decryptSecret,
  encryptSecret,
  generateSecret,
  hashSecret,
  secretMatches,
} from '../../../shared/security/secrets';

describe('secrets', () => {
  it('generate at least 128 bits of randomness with the requested prefix', () => {
    const secret = generateSecret('at_');
    expect(secret.startsWith('at_')).toBe(true);
    expect(Buffer.from(secret.slice(3), 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(generateSecret()).not.toBe(generateSecret());
  });

  it('verify a secret against its SHA-256 hash and refuse others', () => {
    const secret = generateSecret();
    const stored = hashSecret(secret);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(secretMatches(secret, stored)).toBe(true);
    expect(secretMatches(`${secret}x`, stored)).toBe(false);
    expect(secretMatches(secret, undefined)).toBe(false);
    expect(secretMatches(secret, 'abc')).toBe(false);
  });

  it('encrypt secrets that must be shown again, bound to their owner', () => {
    const encrypted = encryptSecret('at_token', 'ak_1');
    expect(encrypted).not.toContain('at_token');
    expect(decryptSecret(encrypted, 'ak_1')).toBe('at_token');
    expect(() => decryptSecret(encrypted, 'ak_2')).toThrow();
    expect(encryptSecret('at_token', 'ak_1')).not.toBe(encrypted);
  });
});
