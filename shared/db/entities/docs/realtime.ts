import { realtimeArea } from '../realtime';
import { documentArea } from './definition';

/** What docs/data-model.md says of `realtimeArea`: its title, item layouts and attributes, access patterns. */
export const realtimeDocs = documentArea(realtimeArea, {
  title: 'Realtime',
  entities: {
    realtimeConnection: {
      pk: 'RTCONN#<connectionId>',
      sk: 'CONNECTION',
      attributes:
        'the connection record (connectionId, apiKey, organizationId, documentId, editorId, userId, role, connectedAt, awareness, deniedSent, incarnations?, accessCheckedAt?, accessStamp?, accessExpiresAt?, viaProvider?), gsi4pk `AK#<ak>#RTUSER#<user>`, gsi4sk `<connectionId>`, createdAt, updatedAt, ttl (3 h)',
    },
    realtimeRoomMember: {
      pk: 'AK#<ak>#ORG#<org>#RT',
      sk: 'CONN#<doc>#<editor>#<connectionId>',
      attributes:
        'the connection record, as above (one per connection in its room), createdAt, updatedAt, ttl (3 h)',
    },
    realtimeAccessStamp: {
      pk: 'AK#<ak>#RTACCESS#<org>',
      sk: 'STAMP',
      attributes:
        'stamp (random, rewritten by every access change in the organization), updatedAt, ttl (4 h)',
    },
    realtimeRoomCount: {
      pk: 'AK#<ak>#ORG#<org>#RT',
      sk: 'ROOMCOUNT#<doc>#<editor>',
      attributes:
        'connectionCount, version (bumped by every change), ttl (last increment + 3 h: outlives every connection it counts), updatedAt',
    },
    realtimeChunk: {
      pk: 'RTCONN#<connectionId>',
      sk: 'CHUNK#<messageId>#<index>',
      attributes: 'count, index, payload, createdAt, updatedAt, ttl (10 min)',
    },
    realtimeChunkTally: {
      pk: 'RTCONN#<connectionId>',
      sk: 'CHUNKS#<messageId>',
      attributes: 'received (number set of the part indexes), createdAt, updatedAt, ttl (10 min)',
    },
    liveState: {
      pk: 'AK#<ak>#ORG#<org>#RT',
      sk: 'LIVE#<doc>#<liveStateDataId>',
      attributes: 'documentId, liveStateDataId, data, timestamp, version, createdAt, updatedAt, ttl (24 h)',
    },
  },
  accessPatterns: {
    connectionsOfRoom: {
      pattern: 'realtime connections of a room / document / organization',
      pk: '`AK#<ak>#ORG#<org>#RT`',
      sk: 'begins_with `CONN#<doc>#<editor>#` / `CONN#<doc>#` / `CONN#`',
      operation:
        'Query (consistent, projected); `Select: COUNT` (filter `ttl > now`) to recount a room at its cap',
      usedBy: 'broadcasts, `$connect` at the cap, closing rules',
    },
    connectionById: {
      pattern: 'a realtime connection by id',
      pk: '`RTCONN#<connectionId>`',
      sk: '`CONNECTION`',
      operation: 'GetItem (consistent), UpdateItem (awareness, role), BatchGetItem (room awareness)',
      usedBy: '`$default`, `$disconnect`',
    },
    storeConnection: {
      pattern: "store a connection, under the room's cap",
      pk: '`RTCONN#<id>` + `…#RT`',
      sk: '`CONNECTION` + `CONN#<doc>#<editor>#<id>` + `ROOMCOUNT#<doc>#<editor>`',
      operation:
        'TransactWriteItems: count `ADD connectionCount 1, version 1` if `< max`, 2 puts (TTL 3 h; the by-id put `attribute_not_exists`); at the cap: GetItem of the count + COUNT Query of the room + UpdateItem `SET connectionCount` conditioned on the version read',
      usedBy: '`$connect`',
    },
    deleteConnection: {
      pattern: 'delete a connection',
      pk: 'as above',
      sk: 'as above',
      operation:
        'TransactWriteItems: by-id delete `attribute_exists AND ttl > now`, room item delete, count `ADD -1, version 1`; when the condition fails (already deleted, expired): BatchWriteItem deletes, uncounted',
      usedBy: '`$disconnect`, a 410 Gone, closing rules',
    },
    connectionsOfUser: {
      pattern: "a user's realtime connections in every organization",
      pk: 'gsi4 `AK#<ak>#RTUSER#<user>`',
      sk: '`<connectionId>`',
      operation: 'Query gsi4 (eventually consistent; items projected whole)',
      usedBy: '`users.data.delete`',
    },
    realtimeAccessStamp: {
      pattern: "an organization's access stamp",
      pk: '`AK#<ak>#RTACCESS#<org>`',
      sk: '`STAMP`',
      operation:
        'GetItem (eventually consistent, projected to the stamp) at `$connect` and once per re-check window on a connection; PutItem of a fresh stamp by every access change',
      usedBy: '`$connect`, `$default`, every route that changes access or erases, the migration worker',
    },
    chunkedMessageParts: {
      pattern: 'chunked client message parts',
      pk: '`RTCONN#<connectionId>`',
      sk: '`CHUNK#<messageId>#<index>`',
      operation: 'PutItem per part; one Query when complete; BatchWriteItem deletes them (TTL 10 min)',
      usedBy: '`$default`',
    },
    chunkedMessageTally: {
      pattern: 'chunked message tally',
      pk: '`RTCONN#<connectionId>`',
      sk: '`CHUNKS#<messageId>`',
      operation: 'UpdateItem `ADD received` per part (the set of indexes received); deleted with the parts',
      usedBy: '`$default`',
    },
    liveState: {
      pattern: 'live state of a document',
      pk: '`…#RT`',
      sk: '`LIVE#<doc>#<liveStateDataId>`',
      operation:
        'UpdateItem `ADD version` (merge: condition on the version read); Query begins_with `LIVE#<doc>#` for joiners (TTL 24 h)',
      usedBy: '`livestate.broadcast`, sync step 1',
    },
  },
});
