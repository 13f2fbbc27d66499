import { installKeyring } from '../../../shared/security/keyring';
import type { AttemptRecord } from '../../../shared/webhooks/message-schemas';
import { attemptEvents } from '../../../shared/webhooks/operational-events';

const endpoint = { endpointId: 'ep-1', uid: null };
const attempt = (number: number, outcome: AttemptRecord['outcome']): AttemptRecord => ({
  attempt: number,
  at: 1_700_000_000_000 + number,
  durationMs: 5,
  outcome,
  statusCode: outcome === 'success' ? 204 : outcome === 'failure' ? 500 : null,
  response: '',
});
const event = { id: 'evt-1', event: 'comment.add' } as never;

/** The event types an attempt causes after the message's earlier attempts (`outcomes`). */
function typesAfter(
  earlier: AttemptRecord['outcome'][],
  latest: AttemptRecord['outcome'],
  status: 'succeeded' | 'pending' | 'dead',
) {
  const attempts = earlier.map((outcome, index) => attempt(index + 1, outcome));
  const items = attemptEvents(
    'ak-1',
    endpoint,
    { event, attempts },
    attempt(attempts.length + 1, latest),
    status,
  );
  return items.map((item) => (item.Put?.Item as { event?: string } | undefined)?.event);
}

beforeAll(() => installKeyring('k'.repeat(40)));

describe('the operational events of a recorded attempt', () => {
  it('is failing at exactly the 4th failure in a row, whatever the outcome of each', () => {
    expect(typesAfter(['failure', 'timeout'], 'error', 'pending')).toEqual([]);
    expect(typesAfter(['failure', 'timeout', 'refused'], 'failure', 'pending')).toEqual([
      'message.attempt.failing',
    ]);
    expect(typesAfter(['failure', 'failure', 'failure', 'failure'], 'failure', 'pending')).toEqual([]);
    // A success in between starts the count again.
    expect(typesAfter(['failure', 'failure', 'success', 'failure', 'failure'], 'failure', 'pending')).toEqual(
      [],
    );
    expect(typesAfter(['failure', 'success', 'failure', 'failure', 'failure'], 'failure', 'pending')).toEqual(
      ['message.attempt.failing'],
    );
  });

  it('is exhausted when the attempt dead-letters the message, recovered for a success right after a failure', () => {
    expect(typesAfter(['failure', 'failure', 'failure'], 'failure', 'dead')).toEqual([
      'message.attempt.failing',
      'message.attempt.exhausted',
    ]);
    expect(typesAfter(['failure'], 'failure', 'dead')).toEqual(['message.attempt.exhausted']);
    expect(typesAfter(['failure'], 'success', 'succeeded')).toEqual(['message.attempt.recovered']);
    expect(typesAfter([], 'success', 'succeeded')).toEqual([]);
    expect(typesAfter(['failure', 'success'], 'success', 'succeeded')).toEqual([]);
  });

  it('is none for a message that is itself an operational event (no chain of events about events)', () => {
    const attempts = ['failure', 'failure', 'failure'].map((outcome, index) =>
      attempt(index + 1, outcome as AttemptRecord['outcome']),
    );
    const aboutDelivery = { id: 'evt-2', event: 'message.attempt.exhausted' } as never;
    expect(
      attemptEvents('ak-1', endpoint, { event: aboutDelivery, attempts }, attempt(4, 'failure'), 'dead'),
    ).toEqual([]);
    const endpointEvent = { id: 'evt-3', event: 'endpoint.disabled' } as never;
    expect(
      attemptEvents(
        'ak-1',
        endpoint,
        { event: endpointEvent, attempts: [attempt(1, 'failure')] },
        attempt(2, 'success'),
        'succeeded',
      ),
    ).toEqual([]);
  });
});
