import { apiKeyPartition, encodeKeyPart } from '../../../shared/db/key-parts';
import { keys } from '../../../shared/db/keys';

const hostileIds = [
  'a#DOC#b',
  '#',
  'a/b/../c',
  'ünïcødé-文档-🙂',
  '%23',
  '~x',
  'x'.repeat(1024),
  '文'.repeat(1024),
  '',
];

describe('encodeKeyPart', () => {
  it('never lets the key separator through', () => {
    for (const id of hostileIds) expect(encodeKeyPart(id)).not.toContain('#');
  });

  it('keeps distinct ids distinct, including ids that look like encodings or digests', () => {
    const ids = [...hostileIds, 'a%23DOC%23b', 'a', 'A', 'x'.repeat(1023), `${'x'.repeat(1023)}y`];
    const encoded = ids.map(encodeKeyPart);
    expect(new Set(encoded).size).toBe(ids.length);
  });

  it('bounds the size of long ids so keys stay within DynamoDB limits', () => {
    for (const id of ['x'.repeat(1024), '文'.repeat(1024), '🙂'.repeat(2000)]) {
      expect(Buffer.byteLength(encodeKeyPart(id))).toBeLessThanOrEqual(200);
    }
  });

  it('is deterministic', () => {
    expect(encodeKeyPart('文'.repeat(1024))).toBe(encodeKeyPart('文'.repeat(1024)));
  });
});

describe('keys', () => {
  it('cannot be made to alias a neighbouring partition with an id containing the separator', () => {
    // Without encoding, API key "a#ORG" + segment "x" and API key "a" + segments "ORG", "x" would collide.
    expect(apiKeyPartition('a#ORG', 'x')).not.toBe(apiKeyPartition('a', 'ORG', 'x'));
    expect(keys.apiKeyCredential('a#b').pk).not.toBe(keys.apiKeyCredential('a').pk);
  });

  it('starts every API-key-owned partition with the owning API key', () => {
    expect(apiKeyPartition('ak_1', 'ORG', encodeKeyPart('o#1'))).toMatch(/^AK#ak_1#/);
    expect(keys.apiKeyCredential('ak_1').pk).toBe('AK#ak_1');
  });

  it('treats owner emails case-insensitively', () => {
    expect(keys.owner('Ann@Example.com')).toEqual(keys.owner('ann@example.com'));
  });
});
