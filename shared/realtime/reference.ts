/** The reference's words for the realtime domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { realtimeContracts } from './contracts';

export const realtimeReference = domainReference<typeof realtimeContracts>()({
  operations: {
    'livestate.broadcast':
      'Sends a value to every open realtime connection of the document, whatever its editor, as the text frame `{ "type": "livestate", "liveStateDataId", "data", "timestamp" }` (`timestamp` in epoch milliseconds, `data` the value after a merge). The last value of each `liveStateDataId` is kept for 24 hours and sent to connections that join later. An unknown document is `NOT_FOUND`.',
  },
  fields: {
    liveStateDataId: 'Names the value: a later broadcast with the same id replaces (or merges into) it.',
    data: 'The value: any JSON, at most 64 KB.',
    merge:
      'Merge `data` (an object) into the last value of the same `liveStateDataId`, key by key one level deep, instead of replacing it. Default false.',
  },
});
