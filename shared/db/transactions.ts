import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/**
 * Reasons a transaction was cancelled, by item index (`ConditionalCheckFailed`,
 * `TransactionConflict`, `None`, ...); undefined when the error is not a cancellation.
 */
export function cancellationReasons(error: unknown): string[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}
