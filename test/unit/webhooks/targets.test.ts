import { eventChannels } from '../../../shared/webhooks/event-schemas';
import { endpointWants } from '../../../shared/webhooks/targets';

describe('endpointWants', () => {
  const event = { event: 'comment.add', organizationId: 'o1', documentId: 'd1', data: {} };
  const endpoint = { endpointId: 'ep-1', disabled: false, filterTypes: null, channels: null };

  it('takes every event without filters, nothing when disabled', () => {
    expect(endpointWants(endpoint, event)).toBe(true);
    expect(endpointWants({ ...endpoint, disabled: true }, event)).toBe(false);
  });

  it('matches filterTypes and Svix channels (any shared channel; none on the message → no match)', () => {
    expect(eventChannels(event)).toEqual(['org.o1', 'doc.d1']);
    expect(endpointWants({ ...endpoint, filterTypes: ['comment.update'] }, event)).toBe(false);
    expect(endpointWants({ ...endpoint, channels: ['doc.d1', 'doc.x'] }, event)).toBe(true);
    expect(endpointWants({ ...endpoint, channels: ['org.o2'] }, event)).toBe(false);
    expect(endpointWants({ ...endpoint, channels: ['org.o1'] }, { event: 'comment.add', data: {} })).toBe(
      false,
    );
  });

  it('sends an operational event only where filterTypes names it, never to the endpoint it is about', () => {
    const operational = { event: 'endpoint.updated', data: { endpointId: 'ep-2', endpointUid: null } };
    expect(endpointWants(endpoint, operational)).toBe(false);
    expect(endpointWants({ ...endpoint, filterTypes: ['comment.add'] }, operational)).toBe(false);
    const watcher = { ...endpoint, filterTypes: ['endpoint.updated'] };
    expect(endpointWants(watcher, operational)).toBe(true);
    expect(endpointWants({ ...watcher, endpointId: 'ep-2' }, operational)).toBe(false);
    expect(endpointWants({ ...watcher, disabled: true }, operational)).toBe(false);
  });
});
