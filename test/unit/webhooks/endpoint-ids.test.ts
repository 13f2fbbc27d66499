import { newEndpointId } from '../../../shared/webhooks/endpoint-ids';

describe('newEndpointId', () => {
  it('has the ep_ prefix and 26 sortable characters', () => {
    expect(newEndpointId()).toMatch(/^ep_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('sorts by creation time, also across digit and letter boundaries', () => {
    const times = [0, 1, 9, 10, 31, 32, 1_700_000_000_000, 1_700_000_000_001, 4_102_444_800_000];
    const ids = times.map((time) => newEndpointId(time));
    expect([...ids].sort()).toEqual(ids);
  });

  it('differs within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => newEndpointId(1_700_000_000_000));
    expect(new Set(ids).size).toBe(1000);
  });
});
