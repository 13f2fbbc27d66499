import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** DynamoDB's largest item (attribute names and values together). */
export const maxItemBytes = 400 * 1024;

/**
 * Limits of what DynamoDB stores that a caller's data can break: the item size (400 KB), the
 * nesting of maps and lists (32 levels), non-empty map keys, non-empty key attributes.
 */
export type StorageLimit = 'item-size' | 'nesting' | 'empty-name' | 'empty-key';

/** The start of DynamoDB's ValidationException message for each limit (the same in DynamoDB Local). */
const messages: readonly [string, StorageLimit][] = [
  ['Item size has exceeded the maximum allowed size', 'item-size'],
  ['Item size to update has exceeded the maximum allowed size', 'item-size'],
  ['Nesting Levels have exceeded supported limits', 'nesting'],
  ['Empty attribute name', 'empty-name'],
  ['The AttributeValue for a key attribute cannot contain an empty string value', 'empty-key'],
];

const limitIn = (message: string | undefined) =>
  message === undefined ? undefined : messages.find(([text]) => message.includes(text))?.[1];

/**
 * The storage limit a DynamoDB error reports, or undefined for any other error. A write that breaks
 * one fails with a ValidationException, or — inside TransactWriteItems — with a cancellation whose
 * reason is `ValidationError`. Lets the error middleware answer INVALID_ARGUMENT instead of a 500.
 */
export function brokenStorageLimit(error: unknown): StorageLimit | undefined {
  if (error instanceof TransactionCanceledException) {
    for (const reason of error.CancellationReasons ?? []) {
      const limit = reason.Code === 'ValidationError' ? limitIn(reason.Message) : undefined;
      if (limit) return limit;
    }
    return undefined;
  }
  return error instanceof Error && error.name === 'ValidationException' ? limitIn(error.message) : undefined;
}
