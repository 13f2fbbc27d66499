import { eventChannels } from '../../../shared/webhooks/event-schemas';
import { endpointWants } from '../../../shared/webhooks/targets';

describe('endpointWants', () => {
  const event = { event: 'comment.add', organizationId: 'o1', documentId: 'd1' };
  const endpoint = { disabled: false, filterTypes: null, channels: null };

  it('takes every event without filters, nothing when disabled', () => {
    expect(endpointWants(endpoint, event)).toBe(true);
    expect(endpointWants({ ...endpoint, disabled: true }, event)).toBe(false);
  });

  it('matches filterTypes and Svix channels (any shared channel; none on the message → no match)', () => {
    expect(eventChannels(event)).toEqual(['org.o1', 'doc.d1']);
    expect(endpointWants({ ...endpoint, filterTypes: ['comment.update'] }, event)).toBe(false);
    expect(endpointWants({ ...endpoint, channels: ['doc.d1', 'doc.x'] }, event)).toBe(true);
    expect(endpointWants({ ...endpoint, channels: ['org.o2'] }, event)).toBe(false);
    expect(endpointWants({ ...endpoint, channels: ['org.o1'] }, { event: 'comment.add' })).toBe(false);
  });
});
