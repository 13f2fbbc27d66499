import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { isThrottled } from '../../../shared/db/throttling';

const metadata = { $metadata: {}, message: 'refused' };

describe('isThrottled', () => {
  it('recognises a partition or item over its throughput', () => {
    expect(isThrottled(new ProvisionedThroughputExceededException(metadata))).toBe(true);
  });

  it('recognises a transaction cancelled for throughput', () => {
    const cancelled = new TransactionCanceledException({
      ...metadata,
      CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }],
    });
    expect(isThrottled(cancelled)).toBe(true);
  });

  it('leaves conditions and other cancellations alone', () => {
    expect(isThrottled(new ConditionalCheckFailedException(metadata))).toBe(false);
    const conflict = new TransactionCanceledException({
      ...metadata,
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
    });
    expect(isThrottled(conflict)).toBe(false);
    expect(isThrottled(new Error('socket hang up'))).toBe(false);
  });
});
