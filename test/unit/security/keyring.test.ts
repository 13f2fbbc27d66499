import { randomBytes } from 'node:crypto';
import {
  currentKeyId,
  installKeyring,
  legacyKeyId,
  openWithKeyring,
  parseKeyring,
  sealedKeyId,
  sealWithCurrentKey,
} from '../../../shared/security/keyring';

const material = () => randomBytes(32).toString('base64url');
const plaintext = Buffer.from('whsec_value');

describe('parseKeyring', () => {
  it('reads a plain DATA_KEY as the one key of id 0', () => {
    const key = material();
    expect(parseKeyring(key)).toEqual({ current: legacyKeyId, keys: new Map([['0', key]]) });
  });

  it('reads a JSON keyring with its current key', () => {
    const [a, b] = [material(), material()];
    const ring = parseKeyring(JSON.stringify({ current: 'b', keys: { a, b } }));
    expect(ring).toEqual({
      current: 'b',
      keys: new Map([
        ['a', a],
        ['b', b],
      ]),
    });
  });

  it.each([
    ['short', 'DATA_KEY must hold at least 32 characters of secret material'],
    ['{"current": ', 'DATA_KEY starts with { but is not valid JSON'],
    [JSON.stringify({ current: 'x', keys: { a: 'k'.repeat(32) } }), 'current: current must name one of keys'],
    [
      JSON.stringify({ current: 'a', keys: { a: 'short-key' } }),
      'keys.a: a data key holds at least 32 characters',
    ],
    [JSON.stringify({ current: 'a.b', keys: { 'a.b': 'k'.repeat(32) } }), 'a key id is 1 to 32 letters'],
    [JSON.stringify({ current: 'a', keys: { a: 'k'.repeat(32) }, previous: 'a' }), 'Unrecognized key'],
  ])('refuses %s, naming the problem and never the key', (text, message) => {
    expect(() => parseKeyring(text)).toThrow(message);
    try {
      parseKeyring(text);
    } catch (error) {
      expect((error as Error).message).not.toContain('short-key');
    }
  });
});

describe('sealing under a keyring', () => {
  it('prefixes sealed values with the current key id and opens them after the current key changes', () => {
    const [a, b] = [material(), material()];
    installKeyring(JSON.stringify({ current: 'a', keys: { a } }));
    const underA = sealWithCurrentKey('secret-encryption', plaintext, 'owner');
    expect(sealedKeyId(underA)).toBe('a');
    installKeyring(JSON.stringify({ current: 'b', keys: { a, b } }));
    expect(currentKeyId()).toBe('b');
    expect(sealWithCurrentKey('secret-encryption', plaintext, 'owner')).toMatch(/^b\./);
    expect(openWithKeyring('secret-encryption', underA, 'owner')).toEqual(plaintext);
    expect(openWithKeyring('secret-encryption', underA, 'other owner')).toBeUndefined();
    expect(openWithKeyring('page-token', underA, 'owner')).toBeUndefined();
    installKeyring(JSON.stringify({ current: 'b', keys: { b } }));
    expect(openWithKeyring('secret-encryption', underA, 'owner')).toBeUndefined();
  });

  it('opens a value without a key id with key 0, the key of a plain DATA_KEY', () => {
    const key = material();
    installKeyring(key);
    const sealed = sealWithCurrentKey('secret-encryption', plaintext, 'owner');
    expect(sealed).toMatch(/^0\./);
    installKeyring(JSON.stringify({ current: '1', keys: { '0': key, '1': material() } }));
    expect(openWithKeyring('secret-encryption', sealed.slice(2), 'owner')).toEqual(plaintext);
  });
});
