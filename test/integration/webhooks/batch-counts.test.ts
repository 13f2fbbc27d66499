import { randomUUID } from 'node:crypto';
import { measureDbCalls } from '../../../shared/db/metrics';
import { endpointTarget } from '../../../shared/webhooks/message-schemas';
import {
  countStatusChange,
  readStatusCounts,
  statsBucketMs,
  withBatchCounts,
} from '../../../shared/webhooks/stats-repository';

const apiKey = () => `ak_batch_counts_${randomUUID()}`;
const eventTime = 1_800_000_000_000;
const bucket = Math.floor(eventTime / statsBucketMs) * statsBucketMs;
const countsOf = (key: string, endpointId: string) =>
  readStatusCounts(key, endpointId, bucket - statsBucketMs, bucket + statsBucketMs, Promise.resolve(0));

describe("a batch's message counts", () => {
  it('are written once per endpoint and bucket when the batch is done, moving every count', async () => {
    const key = apiKey();
    const { stats } = await measureDbCalls(() =>
      withBatchCounts(async () => {
        await Promise.all([
          ...Array.from({ length: 6 }, () =>
            countStatusChange(key, endpointTarget('a'), eventTime, undefined, 'pending', eventTime),
          ),
          countStatusChange(key, endpointTarget('a'), eventTime, 'pending', 'succeeded', eventTime),
          countStatusChange(key, endpointTarget('a'), eventTime, 'pending', 'sending', eventTime),
          countStatusChange(key, endpointTarget('b'), eventTime, undefined, 'pending', eventTime),
          countStatusChange(
            key,
            endpointTarget('b'),
            eventTime + statsBucketMs,
            undefined,
            'dead',
            eventTime,
          ),
          // A basic-webhook target has no counts.
          countStatusChange(key, 'basic:raw', eventTime, undefined, 'pending', eventTime),
        ]);
        // Nothing is written before the batch is done.
        expect(await countsOf(key, 'a')).toEqual({ pending: 0, sending: 0, succeeded: 0, dead: 0 });
      }),
    );
    expect(stats.commands.filter((command) => command === 'UpdateItem')).toHaveLength(3);
    expect(await countsOf(key, 'a')).toEqual({ pending: 4, sending: 1, succeeded: 1, dead: 0 });
    expect(await countsOf(key, 'b')).toEqual({ pending: 1, sending: 0, succeeded: 0, dead: 1 });
  });

  it('are written even when the batch fails, and at once outside a batch', async () => {
    const key = apiKey();
    await expect(
      withBatchCounts(async () => {
        await countStatusChange(key, endpointTarget('a'), eventTime, undefined, 'pending', eventTime);
        throw new Error('the batch failed after its message writes');
      }),
    ).rejects.toThrow('the batch failed');
    expect(await countsOf(key, 'a')).toEqual({ pending: 1, sending: 0, succeeded: 0, dead: 0 });

    await countStatusChange(key, endpointTarget('a'), eventTime, 'pending', 'succeeded', eventTime);
    expect(await countsOf(key, 'a')).toEqual({ pending: 0, sending: 0, succeeded: 1, dead: 0 });
  });
});
