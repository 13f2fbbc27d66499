import { cancellationReasons } from './transactions';

/** Errors DynamoDB answers when a partition, item or account takes more than it serves. */
const throttlingErrors = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

/**
 * Whether DynamoDB refused a request for throughput after the SDK's own retries: a partition or a
 * single item (a hot counter, an endpoint's send log) getting more than its 1,000 writes / 3,000
 * reads per second, or a transaction cancelled for it. Such an error is the caller's load, not a
 * fault: it is answered RESOURCE_EXHAUSTED with a short Retry-After (docs/scale.md).
 */
export function isThrottled(error: unknown): boolean {
  if (error instanceof Error && throttlingErrors.has(error.name)) return true;
  return cancellationReasons(error)?.includes('ThrottlingError') ?? false;
}
