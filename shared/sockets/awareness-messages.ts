/**
 * y-protocols' awareness messages, read and written by the client package's codec, which its
 * realtime adapter uses too: one implementation of the format for both ends.
 */
export {
  type AwarenessEntry,
  awarenessMessage,
  awarenessMessageEntries,
  readAwarenessUpdate,
} from '../../packages/client/src/awareness';

import { type AwarenessEntry, awarenessMessage } from '../../packages/client/src/awareness';

/**
 * `entries` as awareness messages of at most `budgetBytes` of states each (an entry larger than
 * the budget alone in its own), in order.
 */
export function awarenessMessagesWithin(
  entries: readonly AwarenessEntry[],
  budgetBytes: number,
): Uint8Array[] {
  const messages: Uint8Array[] = [];
  let batch: AwarenessEntry[] = [];
  let spent = 0;
  for (const entry of entries) {
    const size = Buffer.byteLength(entry.state);
    if (batch.length > 0 && spent + size > budgetBytes) {
      messages.push(awarenessMessage(batch));
      batch = [];
      spent = 0;
    }
    batch.push(entry);
    spent += size;
  }
  if (batch.length > 0) messages.push(awarenessMessage(batch));
  return messages;
}
