import { ApiError } from '../../../shared/core/errors';
import { decodePageToken, encodePageToken } from '../../../shared/db/page-token';

const startKey = { pk: 'WS#ws_1', sk: 'APIKEY#ak_2' };
const binding = { owner: 'workspace:ws_1', query: { list: 'apiKeys' } };

function expectInvalid(work: () => unknown) {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe('INVALID_ARGUMENT');
    expect((error as ApiError).message).toMatch(/^pageToken: /);
    return;
  }
  throw new Error('expected INVALID_ARGUMENT');
}

describe('page tokens', () => {
  it('round-trip the start key for the same owner and query', () => {
    expect(decodePageToken(encodePageToken(startKey, binding), binding)).toEqual(startKey);
  });

  it('are opaque: the token does not reveal key shapes', () => {
    const token = encodePageToken(startKey, binding);
    const bytes = Buffer.from(token, 'base64url').toString('latin1');
    expect(bytes).not.toContain('APIKEY#ak_2');
    expect(bytes).not.toContain('WS#ws_1');
  });

  it('reject a tampered token', () => {
    const token = encodePageToken(startKey, binding);
    const bytes = Buffer.from(token, 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    expectInvalid(() => decodePageToken(bytes.toString('base64url'), binding));
    expectInvalid(() => decodePageToken('not-a-token', binding));
  });

  it('reject a token issued to another owner', () => {
    const token = encodePageToken(startKey, binding);
    expectInvalid(() => decodePageToken(token, { ...binding, owner: 'workspace:ws_2' }));
  });

  it('reject a token issued for another query', () => {
    const token = encodePageToken(startKey, binding);
    expectInvalid(() => decodePageToken(token, { ...binding, query: { list: 'other' } }));
  });

  it('reject an expired token', () => {
    const issuedAt = Date.now() - 25 * 60 * 60 * 1000;
    expectInvalid(() => decodePageToken(encodePageToken(startKey, binding, issuedAt), binding));
  });
});
