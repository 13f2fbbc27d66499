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
