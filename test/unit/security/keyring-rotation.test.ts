import { randomBytes } from 'node:crypto';
import { parseKeyring } from '../../../shared/security/keyring';
import {
  RotationRefused,
  serializeKeyring,
  waitingKeyId,
  withNewKey,
  withoutRetiredKeys,
  withWaitingKeyCurrent,
} from '../../../shared/security/keyring-rotation';

const material = () => randomBytes(32).toString('base64url');
const ring = (current: string, keys: Record<string, string>) =>
  parseKeyring(JSON.stringify({ current, keys }));

describe('keyring rotation steps', () => {
  it('turns a plain-string key into key 0 beside a new key 1, which waits, then is current, then alone', () => {
    const old = material();
    const fresh = material();
    const added = withNewKey(parseKeyring(old), fresh);
    expect(added.added).toBe('1');
    expect(JSON.parse(serializeKeyring(added.ring))).toEqual({
      current: '0',
      keys: { '0': old, '1': fresh },
    });
    expect(waitingKeyId(added.ring)).toBe('1');

    const activated = withWaitingKeyCurrent(parseKeyring(serializeKeyring(added.ring)));
    expect(activated.activated).toBe('1');
    expect(JSON.parse(serializeKeyring(activated.ring))).toEqual({
      current: '1',
      keys: { '0': old, '1': fresh },
    });
    expect(waitingKeyId(activated.ring)).toBeUndefined();

    const retired = withoutRetiredKeys(activated.ring);
    expect(retired.retired).toEqual(['0']);
    expect(JSON.parse(serializeKeyring(retired.ring))).toEqual({ current: '1', keys: { '1': fresh } });
  });

  it('numbers a new key after the highest key and makes 256-bit random material by default', () => {
    const { ring: next, added } = withNewKey(ring('7', { '3': material(), '7': material() }));
    expect(added).toBe('8');
    expect(Buffer.from(next.keys.get('8') as string, 'base64url')).toHaveLength(32);
    expect(next.current).toBe('7');
  });

  it('refuses each step out of order, saying what to run', () => {
    const waiting = ring('0', { '0': material(), '1': material() });
    expect(() => withNewKey(waiting)).toThrow(
      new RotationRefused('Key 1 was added and is not current yet: run --stage activate.'),
    );
    expect(() => withoutRetiredKeys(waiting)).toThrow('run --stage activate before retiring');
    const single = ring('2', { '2': material() });
    expect(() => withWaitingKeyCurrent(single)).toThrow(
      'No key waits to become current (current: 2): run --stage add first.',
    );
    expect(() => withoutRetiredKeys(single)).toThrow('Key 2 is the only key: nothing to retire.');
  });

  it('leaves keyrings with ids that are not numbers to the operator', () => {
    const named = ring('spring', { spring: material(), '1': material() });
    for (const step of [withNewKey, withWaitingKeyCurrent, withoutRetiredKeys]) {
      expect(() => step(named)).toThrow('Key ids spring are not numbers');
    }
    expect(() => withNewKey(ring('01', { '01': material() }))).toThrow(RotationRefused);
  });
});
