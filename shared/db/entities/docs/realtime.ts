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
        'the connection record (connectionId, apiKey, organizationId, documentId, editorId, userId, role, connectedAt, awarenessClientId?, deniedSent, incarnations?, accessCheckedAt?, accessStamp?, accessExpiresAt?, viaProvider?), gsi4pk `AK#<ak>#RTUSER#<user>`, gsi4sk `<connectionId>`, createdAt, updatedAt, ttl (3 h)',
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
      sk: 'CHUNK#<messageKey>#<index>',
      attributes:
        'count, index, payload (≤ 30,000 characters), createdAt, updatedAt, ttl (10 min); messageKey is `<id>.<count>`',
    },
    realtimeChunkTally: {
      pk: 'RTCONN#<connectionId>',
      sk: 'CHUNKS',
      attributes:
        'parts (stored parts of unfinished messages), messages (string set of their keys), one number set of received indexes per message (`r:<messageKey>`), createdAt, updatedAt, ttl (10 min)',
    },
    realtimeFrameRate: {
      pk: 'RTCONN#<connectionId>',
      sk: 'FRAMES',
      attributes: 'window (epoch seconds / 10), frames (in that window), updatedAt, ttl (3 h)',
    },
    realtimeAwarenessClaim: {
      pk: 'AK#<ak>#ORG#<org>#RT',
      sk: 'AWARENESS#<doc>#<editor>#<clientId>',
      attributes:
        'connectionId, userId (the holder of the awareness client id in the room), clientId, clock, state (JSON ≤ 4 KB), createdAt, updatedAt, ttl (3 h)',
    },
    realtimeRenewalRound: {
      pk: 'AK#<ak>#ORG#<org>#RT',
      sk: 'ROOMCOUNT#<doc>#<editor>#ROUND',
      attributes:
        'roundAt (when the room’s awareness renewals were last relayed together), updatedAt, ttl (roundAt + 3 h)',
    },
    liveState: {
      pk: 'AK#<ak>#ORG#<org>#RT',
      sk: 'LIVE#<doc>#<liveStateDataId>',
      attributes: 'documentId, liveStateDataId, data, timestamp, version, createdAt, updatedAt, ttl (24 h)',
    },
    liveStateIds: {
      pk: 'AK#<ak>#ORG#<org>#RT',
      sk: 'LIVE#<doc>',
      attributes:
        'documentId, ids (map: each stored `liveStateDataId` → a lower bound of its value’s ttl, epoch seconds; at most `REALTIME_MAX_LIVE_STATES_PER_DOCUMENT` entries), version (bumped by every change), createdAt, updatedAt; no ttl (it must outlive every value it counts; deleted with the document)',
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
      operation: 'GetItem (consistent), UpdateItem (awareness client id, role)',
      usedBy: '`$default`, `$disconnect`, the greeter',
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
      sk: '`CHUNK#<messageKey>#<index>`',
      operation:
        "PutItem per part; one Query of that message's parts when complete; BatchWriteItem deletes them (TTL 10 min)",
      usedBy: '`$default`',
    },
    chunkedMessageTally: {
      pattern: "a connection's chunked message tally",
      pk: '`RTCONN#<connectionId>`',
      sk: '`CHUNKS`',
      operation:
        'UpdateItem per part: `ADD parts 1, messages <key>, r:<key> <index>` if below the parts and messages caps; `REMOVE`/`ADD -count` when a message completes',
      usedBy: '`$default`',
    },
    connectionScratch: {
      pattern: "a connection's leftovers (parts, tally, frame rate)",
      pk: '`RTCONN#<connectionId>`',
      sk: 'all but `CONNECTION`',
      operation: 'Query (keys only) and BatchWriteItem deletes',
      usedBy: '`$disconnect`',
    },
    connectionFrameRate: {
      pattern: "a connection's frame rate",
      pk: '`RTCONN#<connectionId>`',
      sk: '`FRAMES`',
      operation:
        'UpdateItem `ADD frames 1` if the window is current and below the cap, else `SET` a new window (conditioned on an older one)',
      usedBy: '`$default`',
    },
    awarenessClaim: {
      pattern: 'the holder of an awareness client id in a room',
      pk: '`…#RT`',
      sk: '`AWARENESS#<doc>#<editor>#<clientId>`',
      operation:
        'PutItem with the first state if absent, expired, or held by the same connection or user (once per connection); UpdateItem of later states (`connectionId = me AND clock < new`); Query begins_with `AWARENESS#<doc>#<editor>#`, `Limit` the room cap, within a byte budget (query awareness, the greeting); conditional delete at `$disconnect`, returning the claim for the removal update',
      usedBy: '`$default`, `$disconnect`, the greeter',
    },
    renewalRound: {
      pattern: "a room's renewal round",
      pk: '`…#RT`',
      sk: '`ROOMCOUNT#<doc>#<editor>#ROUND`',
      operation:
        'UpdateItem `SET roundAt = now` on condition that it is absent or older than the round interval, returning the previous `roundAt`; deleted with the room counts',
      usedBy: '`$default` (awareness renewals in a large room)',
    },
    liveState: {
      pattern: 'live state of a document',
      pk: '`…#RT`',
      sk: '`LIVE#<doc>#<liveStateDataId>`',
      operation:
        'UpdateItem `ADD version` of an id the index counts, on condition that it is stored (merge: on the version read); a new id: in the index’s transaction (`liveStateIds`); Query begins_with `LIVE#<doc>#`, `Limit` the cap, for joiners (TTL 24 h)',
      usedBy: '`livestate.broadcast`, the greeting',
    },
    liveStateIds: {
      pattern: 'the live-state ids a document holds (its cap)',
      pk: '`…#RT`',
      sk: '`LIVE#<doc>` + `LIVE#<doc>#<liveStateDataId>`',
      operation:
        'GetItem (eventually consistent) beside auth; a new id: TransactWriteItems of `SET ids.<id>, ADD version` if `attribute_exists(ids.<id>) OR size(ids) < cap` (the first: a put `attribute_not_exists`) and the value; at the cap: consistent GetItem, BatchGetItem of the entries past their expiry, then a transaction conditioned on the version read that removes the expired entries and deletes their values (`ttl <= now`) — or RESOURCE_EXHAUSTED',
      usedBy: '`livestate.broadcast`',
    },
  },
});
