import type { ItemKey } from '../key-parts';
import {
  apiKeyPartition,
  documentSegment,
  encodeKeyPart,
  join,
  organizationPartition,
  separator,
} from '../key-parts';
import { defineArea } from './definition';

/** Realtime connections, their rooms, chunked messages and live state. */
export const realtimeArea = defineArea({
  entities: {
    realtimeConnection: { indexes: ['gsi4'] },
    realtimeRoomMember: {},
    realtimeAccessStamp: {},
    realtimeRoomCount: {},
    realtimeChunk: {},
    realtimeChunkTally: {},
    realtimeFrameRate: {},
    realtimeAwarenessClaim: {},
    realtimeRenewalRound: {},
    liveState: {},
    liveStateIds: {},
  },
  accessPatterns: {
    connectionsOfRoom: { index: 'table' },
    connectionById: { index: 'table' },
    connectionsOfUser: { index: 'gsi4' },
    realtimeAccessStamp: { index: 'table' },
    storeConnection: { index: 'table' },
    deleteConnection: { index: 'table' },
    chunkedMessageParts: { index: 'table' },
    chunkedMessageTally: { index: 'table' },
    connectionScratch: { index: 'table' },
    connectionFrameRate: { index: 'table' },
    awarenessClaim: { index: 'table' },
    renewalRound: { index: 'table' },
    liveState: { index: 'table' },
    liveStateIds: { index: 'table' },
  },
});

/** The keys of connections, rooms, chunked messages and live state. */
export const realtimeKeys = {
  /**
   * The realtime partition of an organization: its connections (by document, then editor, so one
   * Query finds a room, a document's rooms or the whole organization) and its documents' live state.
   */
  realtimePartition: (apiKey: string, organizationId: string) =>
    join(organizationPartition(apiKey, organizationId), 'RT'),
  /** Sort-key prefix of every connection of the organization. */
  realtimeConnectionPrefix: 'CONN#',
  /** Sort-key prefix of a document's connections (`editorId` given: of one room). */
  realtimeRoomPrefix: (organizationId: string, documentId: string, editorId?: string) =>
    `${join('CONN', documentSegment(organizationId, documentId), ...(editorId === undefined ? [] : [encodeKeyPart(editorId)]))}${separator}`,
  realtimeConnection: (
    apiKey: string,
    room: { organizationId: string; documentId: string; editorId: string },
    connectionId: string,
  ): ItemKey => ({
    pk: realtimeKeys.realtimePartition(apiKey, room.organizationId),
    sk: `${realtimeKeys.realtimeRoomPrefix(room.organizationId, room.documentId, room.editorId)}${encodeKeyPart(connectionId)}`,
  }),
  /**
   * How many connections a room holds: incremented (conditionally, below the cap) in the
   * transaction that stores a connection, decremented in the one that deletes it. Not under the
   * `CONN#` or `LIVE#` prefixes.
   */
  realtimeRoomCount: (
    apiKey: string,
    room: { organizationId: string; documentId: string; editorId: string },
  ): ItemKey => ({
    pk: realtimeKeys.realtimePartition(apiKey, room.organizationId),
    sk: join(
      'ROOMCOUNT',
      documentSegment(room.organizationId, room.documentId),
      encodeKeyPart(room.editorId),
    ),
  }),
  /**
   * When the room's awareness renewals were last relayed together (decisions §82): under the room
   * count's key, so that the deletion of a document's room counts takes it along.
   */
  realtimeRenewalRound: (
    apiKey: string,
    room: { organizationId: string; documentId: string; editorId: string },
  ): ItemKey => {
    const count = realtimeKeys.realtimeRoomCount(apiKey, room);
    return { pk: count.pk, sk: join(count.sk, 'ROUND') };
  },
  /** Sort-key prefix of every room count of the organization. */
  roomCountsPrefix: 'ROOMCOUNT#',
  /** Sort-key prefix of a document's room counts. */
  roomCountPrefix: (organizationId: string, documentId: string) =>
    `${join('ROOMCOUNT', documentSegment(organizationId, documentId))}${separator}`,
  /** Sort-key prefix of every live-state value (and live-state id index) of the organization. */
  liveStatesPrefix: 'LIVE#',
  /** Sort-key prefix of a document's live-state values. */
  liveStatePrefix: (organizationId: string, documentId: string) =>
    `${join('LIVE', documentSegment(organizationId, documentId))}${separator}`,
  liveState: (
    apiKey: string,
    organizationId: string,
    documentId: string,
    liveStateDataId: string,
  ): ItemKey => ({
    pk: realtimeKeys.realtimePartition(apiKey, organizationId),
    sk: `${realtimeKeys.liveStatePrefix(organizationId, documentId)}${encodeKeyPart(liveStateDataId)}`,
  }),
  /**
   * The ids of a document's live-state values (the index that caps how many it holds): at the
   * root of the document's live-state prefix, so the joiner's Query of `LIVE#<doc>#` never reads
   * it, while the organization's `LIVE#` (its erasure) does.
   */
  liveStateIds: (apiKey: string, organizationId: string, documentId: string): ItemKey => ({
    pk: realtimeKeys.realtimePartition(apiKey, organizationId),
    sk: join('LIVE', documentSegment(organizationId, documentId)),
  }),
  /**
   * A connection found by its id alone, as API Gateway names it in `$default` and `$disconnect`:
   * the pointer to its room (with the owning API key as an attribute). The id is generated by
   * API Gateway (or the dev server), never chosen by a caller, so it cannot reach another tenant.
   */
  connectionById: (connectionId: string): ItemKey => ({
    pk: join('RTCONN', encodeKeyPart(connectionId)),
    sk: 'CONNECTION',
  }),
  /**
   * gsi4 partition of a user's connections (on the by-id items, sorted by connection id): whom
   * users/data/delete closes, in every organization of the API key at once.
   */
  connectionsOfUser: (apiKey: string, userId: string) =>
    apiKeyPartition(apiKey, 'RTUSER', encodeKeyPart(userId)),
  /**
   * The organization's access stamp: a random value rewritten by every change of access in the
   * organization (grants, memberships, folders, documents, deletion, erasure). An open connection
   * compares it with the value it last checked access at (one small read per re-check window).
   * Keyed by the organization id alone, not its incarnation: every incarnation's change rewrites it.
   */
  realtimeAccessStamp: (apiKey: string, organizationId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'RTACCESS', encodeKeyPart(organizationId)),
    sk: 'STAMP',
  }),
  /**
   * One part of a chunked message a client is sending on a connection (addendum §9 `~` frames).
   * `messageKey` is the message's id and part count (`<id>.<count>`): parts announcing different
   * counts never mix.
   */
  connectionChunk: (connectionId: string, messageKey: string, index: number): ItemKey => ({
    pk: join('RTCONN', encodeKeyPart(connectionId)),
    sk: join('CHUNK', encodeKeyPart(messageKey), String(index).padStart(5, '0')),
  }),
  connectionChunkPrefix: (messageKey: string) => `${join('CHUNK', encodeKeyPart(messageKey))}${separator}`,
  /**
   * The connection's unfinished chunked messages: the part indexes received of each (one number-set
   * attribute per message), their keys and the count of stored parts, which the caps check.
   */
  connectionChunkTally: (connectionId: string): ItemKey => ({
    pk: join('RTCONN', encodeKeyPart(connectionId)),
    sk: 'CHUNKS',
  }),
  /** The frames a connection sent in the current rate window. */
  connectionFrameRate: (connectionId: string): ItemKey => ({
    pk: join('RTCONN', encodeKeyPart(connectionId)),
    sk: 'FRAMES',
  }),
  /**
   * Which connection holds an awareness client id in a room, and its state: the first to announce
   * it (a later connection of the same user takes it over, as a reconnecting client does). Not
   * under the `CONN#` prefix, so room listings never read awareness states.
   */
  awarenessClaim: (
    apiKey: string,
    room: { organizationId: string; documentId: string; editorId: string },
    clientId: number,
  ): ItemKey => ({
    pk: realtimeKeys.realtimePartition(apiKey, room.organizationId),
    sk: `${realtimeKeys.awarenessClaimPrefix(room)}${clientId}`,
  }),
  /** Sort-key prefix of a room's awareness claims (its awareness states). */
  awarenessClaimPrefix: (room: { organizationId: string; documentId: string; editorId: string }) =>
    `${join('AWARENESS', documentSegment(room.organizationId, room.documentId), encodeKeyPart(room.editorId))}${separator}`,
} as const;
