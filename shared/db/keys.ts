import { createHash } from 'node:crypto';
import { accessPatterns } from './entities';
import { globalSecondaryIndexes, type IndexName } from './entities/definition';
import { incarnationOf } from './incarnations';

/**
 * Every key format of the table, and nothing else spells one. Which item each builder keys and the
 * access patterns over them are defined in shared/db/entities (rendered in docs/data-model.md).
 *
 * Everything owned by an API key lives in partitions starting `AK#<apiKey>#` (or exactly
 * `AK#<apiKey>`), built only by `apiKeyPartition`, so a request can only reach keys derived from
 * its authenticated API key. Workspace and owner items sit above API keys and are keyed by
 * workspace id / owner email instead.
 */

/** Separates key segments; `encodeKeyPart` guarantees it never occurs inside a segment. */
const separator = '#';

/** Encoded segments longer than this are replaced by a digest so keys stay within DynamoDB's limits. */
const maxEncodedPartLength = 200;

/**
 * Encodes a caller-chosen id for use inside a key. Injective for short ids (percent-encoding of
 * everything but unreserved characters, `~` included, so `#` and `/` cannot appear); ids whose
 * encoding would be long become `~` + SHA-256 (the `~` prefix cannot come from encoding), so a
 * 1 KB id still fits a 1,024-byte sort key. Store the original id as an attribute, never parse keys.
 */
export function encodeKeyPart(id: string): string {
  const encoded = encodeURIComponent(id).replace(
    /[!'()*~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  if (encoded.length <= maxEncodedPartLength) return encoded;
  return `~${createHash('sha256').update(id, 'utf8').digest('base64url')}`;
}

/**
 * An encoded id with its incarnation (shared/db/incarnations.ts): `~n` appended when `n > 0`,
 * nothing for incarnation 0, so keys of ids never re-created stay what they always were. Injective:
 * `encodeKeyPart` never yields `~` except as the first character of a digest (which never holds
 * another `~`), so a segment has a `~` after its first character exactly when it carries an
 * incarnation, and it is the last `~` (decisions §41).
 */
const withIncarnation = (encoded: string, incarnation: number) =>
  incarnation > 0 ? `${encoded}~${incarnation}` : encoded;

/** The key segment of an organization, in its current incarnation. */
export const organizationSegment = (organizationId: string) =>
  withIncarnation(encodeKeyPart(organizationId), incarnationOf(organizationId));

/** The key segment of a document of an organization, in the document's current incarnation. */
export const documentSegment = (organizationId: string, documentId: string) =>
  withIncarnation(encodeKeyPart(documentId), incarnationOf(organizationId, documentId));

function join(...segments: string[]): string {
  return segments.join(separator);
}

/** Partition of an API key's own items: `AK#<apiKey>` plus encoded sub-segments. */
export function apiKeyPartition(apiKey: string, ...segments: string[]): string {
  return join('AK', encodeKeyPart(apiKey), ...segments);
}

/** The partition holding one organization's items. */
export function organizationPartition(apiKey: string, organizationId: string): string {
  return apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId));
}

/**
 * Sort key of every time-ordered listing: zero-padded epoch ms, then the encoded id, so equal
 * timestamps still order (and resume) deterministically.
 */
export function timelineSortKey(timestamp: number, id: string): string {
  return join(String(timestamp).padStart(15, '0'), encodeKeyPart(id));
}

const activityPartition = (apiKey: string, organizationId: string) =>
  apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), 'ACTIVITY');

const activityTimelineIndexes = {
  document: [accessPatterns.activitiesOfDocument.index, 'DOC'],
  user: [accessPatterns.activitiesOfUser.index, 'USER'],
  target: [accessPatterns.activitiesOfTarget.index, 'TARGET'],
  feature: [accessPatterns.activitiesOfFeature.index, 'FEATURE'],
} as const;

const notificationPartition = (apiKey: string, organizationId: string) =>
  apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), 'NOTIFICATION');
const notificationDocumentPartition = (apiKey: string, organizationId: string, documentId: string) =>
  join(notificationPartition(apiKey, organizationId), 'DOC', documentSegment(organizationId, documentId));
const recipientsPartition = (apiKey: string, organizationId: string, notificationId: string) =>
  join(notificationPartition(apiKey, organizationId), 'RECIPIENTS', encodeKeyPart(notificationId));
const inboxPartition = (apiKey: string, organizationId: string, userId: string) =>
  apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), 'INBOX', encodeKeyPart(userId));

const judgmentPartition = (apiKey: string, organizationId: string) =>
  apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), 'JUDGMENT');
const judgmentVectorBase = (apiKey: string, organizationId: string, type: string) =>
  apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), 'JVEC', type);

/** Shards of an organization's (and an API key's) judgment-vector partition, read in parallel. */
export const judgmentVectorShards = 4;

/** The shard of a judgment's vector items: FNV-1a of the id, so every writer agrees without reading. */
export function judgmentVectorShard(recordId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < recordId.length; index += 1) {
    hash ^= recordId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % judgmentVectorShards;
}

/** The configuration documents an API key holds, one item each (so their updates never conflict). */
export type ConfigKind = 'webhook' | 'advancedWebhook' | 'activity' | 'permissionProvider';

export type ItemKey = {
  pk: string;
  sk: string;
};

export const keys = {
  workspace: (workspaceId: string): ItemKey => ({
    pk: join('WS', encodeKeyPart(workspaceId)),
    sk: 'WORKSPACE',
  }),
  workspaceApiKey: (workspaceId: string, apiKey: string): ItemKey => ({
    pk: join('WS', encodeKeyPart(workspaceId)),
    sk: join('APIKEY', encodeKeyPart(apiKey)),
  }),
  /** Sort-key prefix selecting a workspace's API-key items. */
  workspaceApiKeyPrefix: 'APIKEY#',
  apiKeyCredential: (apiKey: string): ItemKey => ({ pk: apiKeyPartition(apiKey), sk: 'CREDENTIAL' }),
  organization: (apiKey: string, organizationId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: 'ORG',
  }),
  /** Index keys that list an API key's organizations (gsi1). */
  organizationListing: (apiKey: string, organizationId: string) => ({
    gsi1pk: apiKeyPartition(apiKey, 'ORGS'),
    gsi1sk: encodeKeyPart(organizationId),
  }),
  organizationListingPartition: (apiKey: string) => apiKeyPartition(apiKey, 'ORGS'),
  /** Sort-key prefix shared by the organization item and its folders: one Query reads the tree. */
  organizationTreePrefix: 'ORG',
  folder: (apiKey: string, organizationId: string, folderId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('ORG', 'FOLDER', encodeKeyPart(folderId)),
  }),
  folderPrefix: 'ORG#FOLDER#',
  document: (apiKey: string, organizationId: string, documentId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('DOC', encodeKeyPart(documentId)),
  }),
  documentPrefix: 'DOC#',
  userAccess: (apiKey: string, organizationId: string, userId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('USER', encodeKeyPart(userId)),
  }),
  userPrefix: 'USER#',
  userGroup: (apiKey: string, organizationId: string, groupId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('GROUP', encodeKeyPart(groupId)),
  }),
  groupPrefix: 'GROUP#',
  /**
   * One user's membership of a group: an index item beside the group's member set, written in the
   * same transaction, so the user's data (gsi8) finds the membership without reading every group.
   * Not under `GROUP#`, so listing groups never reads it.
   */
  groupMembership: (apiKey: string, organizationId: string, groupId: string, userId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId),
    sk: join('GROUPUSER', encodeKeyPart(groupId), encodeKeyPart(userId)),
  }),
  /** An activity record, keyed by id so that a given id overwrites (idempotent add). */
  activity: (apiKey: string, organizationId: string, activityId: string): ItemKey => ({
    pk: activityPartition(apiKey, organizationId),
    sk: join('ACT', encodeKeyPart(activityId)),
  }),
  /**
   * Index keys placing an activity on its timelines (gsi2 organization, gsi3 document, gsi4 acting
   * user, gsi5 target entity, gsi6 feature type), each sorted by `timelineSortKey`.
   */
  activityTimelines: (
    apiKey: string,
    activity: {
      organizationId: string;
      documentId: string;
      userId: string;
      targetEntityId?: string;
      featureType: string;
      timestamp: number;
      id: string;
    },
  ) => {
    const base = activityPartition(apiKey, activity.organizationId);
    const sortKey = timelineSortKey(activity.timestamp, activity.id);
    return {
      gsi2pk: base,
      gsi2sk: sortKey,
      gsi3pk: join(base, 'DOC', documentSegment(activity.organizationId, activity.documentId)),
      gsi3sk: sortKey,
      gsi4pk: join(base, 'USER', encodeKeyPart(activity.userId)),
      gsi4sk: sortKey,
      ...(activity.targetEntityId !== undefined && {
        gsi5pk: join(base, 'TARGET', encodeKeyPart(activity.targetEntityId)),
        gsi5sk: sortKey,
      }),
      gsi6pk: join(base, 'FEATURE', encodeKeyPart(activity.featureType)),
      gsi6sk: sortKey,
    };
  },
  /** The timeline partition (and its index) that serves one activity filter. */
  activityTimeline: (
    apiKey: string,
    organizationId: string,
    filter: { by: 'organization' } | { by: 'document' | 'user' | 'target' | 'feature'; id: string },
  ): { index: IndexName; partition: string } => {
    const base = activityPartition(apiKey, organizationId);
    if (filter.by === 'organization')
      return { index: accessPatterns.activitiesOfOrganization.index, partition: base };
    const [index, segment] = activityTimelineIndexes[filter.by];
    const id =
      filter.by === 'document' ? documentSegment(organizationId, filter.id) : encodeKeyPart(filter.id);
    return { index, partition: join(base, segment, id) };
  },
  /** A notification's shared record: content once, however many recipients. */
  notification: (apiKey: string, organizationId: string, notificationId: string): ItemKey => ({
    pk: notificationPartition(apiKey, organizationId),
    sk: join('NOTIF', encodeKeyPart(notificationId)),
  }),
  /** Index keys listing a document's notifications by time (gsi3, shared with activity timelines). */
  notificationDocumentListing: (
    apiKey: string,
    notification: { organizationId: string; documentId: string; createdAt: number; notificationId: string },
  ) => ({
    gsi3pk: notificationDocumentPartition(apiKey, notification.organizationId, notification.documentId),
    gsi3sk: timelineSortKey(notification.createdAt, notification.notificationId),
  }),
  notificationDocumentPartition: (apiKey: string, organizationId: string, documentId: string) =>
    notificationDocumentPartition(apiKey, organizationId, documentId),
  /** One recipient's inbox entry, sorted by the notification's time in the user's inbox partition. */
  inboxEntry: (
    apiKey: string,
    entry: { organizationId: string; userId: string; createdAt: number; notificationId: string },
  ): ItemKey => ({
    pk: inboxPartition(apiKey, entry.organizationId, entry.userId),
    sk: timelineSortKey(entry.createdAt, entry.notificationId),
  }),
  inboxPartition: (apiKey: string, organizationId: string, userId: string) =>
    inboxPartition(apiKey, organizationId, userId),
  /** Index keys listing a notification's recipients (gsi5), so deleting it finds every inbox entry. */
  inboxRecipientListing: (
    apiKey: string,
    entry: { organizationId: string; userId: string; notificationId: string },
  ) => ({
    gsi5pk: recipientsPartition(apiKey, entry.organizationId, entry.notificationId),
    gsi5sk: encodeKeyPart(entry.userId),
  }),
  recipientsPartition: (apiKey: string, organizationId: string, notificationId: string) =>
    recipientsPartition(apiKey, organizationId, notificationId),
  apiKeyConfig: (apiKey: string, kind: ConfigKind): ItemKey => ({
    pk: apiKeyPartition(apiKey),
    sk: join('CONFIG', kind),
  }),
  /** The partition of an API key's webhook endpoints and their uid reservations. */
  webhookPartition: (apiKey: string) => apiKeyPartition(apiKey, 'WEBHOOK'),
  /** Endpoint ids are time-ordered, so the sort key lists a key's endpoints by creation time. */
  webhookEndpoint: (apiKey: string, endpointId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: join('ENDPOINT', encodeKeyPart(endpointId)),
  }),
  /** Sort-key prefix selecting an API key's webhook endpoints (not their uid reservations). */
  webhookEndpointPrefix: 'ENDPOINT#',
  webhookEndpointUid: (apiKey: string, uid: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: join('UID', encodeKeyPart(uid)),
  }),
  /**
   * How many endpoints the API key holds: incremented (conditionally, below the cap) in the create
   * transaction and decremented in the delete transaction. Not under the `ENDPOINT#` prefix.
   */
  webhookEndpointCount: (apiKey: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: 'COUNT#ENDPOINTS',
  }),
  /**
   * A published event waiting in the transactional outbox: written in the same transaction as the
   * change it describes; the table's stream carries it on to webhook delivery. Time-ordered.
   */
  outboxEvent: (apiKey: string, timestamp: number, eventId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'EVENTS'),
    sk: join(String(timestamp).padStart(15, '0'), encodeKeyPart(eventId)),
  }),
  /**
   * One webhook delivery (an event to one target: an endpoint, or a basic-webhook URL), in a
   * partition per target so an endpoint's messages list newest first in one Query.
   */
  webhookDelivery: (apiKey: string, targetId: string, eventTimestamp: number, eventId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'DELIVERY', encodeKeyPart(targetId)),
    sk: join(String(eventTimestamp).padStart(15, '0'), encodeKeyPart(eventId)),
  }),
  webhookDeliveryPartition: (apiKey: string, targetId: string) =>
    apiKeyPartition(apiKey, 'DELIVERY', encodeKeyPart(targetId)),
  /** An endpoint's delivery state: next allowed send time (rate limit) and when failures began. */
  webhookEndpointState: (apiKey: string, endpointId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'WEBHOOK'),
    sk: join('STATE', encodeKeyPart(endpointId)),
  }),
  /** The API key's JWT signing secret (generate_token), encrypted. */
  tokenSigningSecret: (apiKey: string): ItemKey => ({
    pk: apiKeyPartition(apiKey),
    sk: 'TOKEN_SIGNING_SECRET',
  }),
  /** The partition of an API key's outbox events (readers of the outbox Query it). */
  outboxPartition: (apiKey: string) => apiKeyPartition(apiKey, 'EVENTS'),
  /**
   * The partition of a document's CRDT editors: every editor's head, appended updates and
   * snapshots, so one Query loads one editor (`crdtEditorPrefix`) or all of them (`crdtPrefix`).
   */
  crdtPartition: (apiKey: string, organizationId: string, documentId: string) =>
    join(organizationPartition(apiKey, organizationId), 'CRDT', documentSegment(organizationId, documentId)),
  crdtPrefix: 'ED#',
  /** Sort-key prefix of one editor's items; the encoded id cannot contain `#`, so no editor's prefix covers another's. */
  crdtEditorPrefix: (editorId: string) => `${join('ED', encodeKeyPart(editorId))}${separator}`,
  /** An editor's head (type, content key); its existence is what "the editor has data" means. */
  crdtHead: (apiKey: string, organizationId: string, documentId: string, editorId: string): ItemKey => ({
    pk: keys.crdtPartition(apiKey, organizationId, documentId),
    sk: join('ED', encodeKeyPart(editorId), 'HEAD'),
  }),
  /**
   * The `crdt.update_data` event window of an editor's client edits (coalescing, addendum §9). Its
   * sort key is outside `ED#`, so editor loads never read it.
   */
  crdtEventWindow: (
    apiKey: string,
    organizationId: string,
    documentId: string,
    editorId: string,
  ): ItemKey => ({
    pk: keys.crdtPartition(apiKey, organizationId, documentId),
    sk: join('EVWIN', encodeKeyPart(editorId)),
  }),
  /**
   * One part (≤ 350 KB) of a stored Yjs update: `LOG` for an appended update, `SNAP` for a
   * compacted snapshot. HEAD < LOG < SNAP in sort order, which compaction's safety relies on
   * (docs/decisions.md); record ids are time-ordered, part numbers zero-padded.
   */
  crdtPart: (
    apiKey: string,
    part: { organizationId: string; documentId: string; editorId: string },
    kind: 'LOG' | 'SNAP',
    recordId: string,
    index: number,
  ): ItemKey => ({
    pk: keys.crdtPartition(apiKey, part.organizationId, part.documentId),
    sk: join('ED', encodeKeyPart(part.editorId), kind, recordId, String(index).padStart(4, '0')),
  }),
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
    pk: keys.realtimePartition(apiKey, room.organizationId),
    sk: `${keys.realtimeRoomPrefix(room.organizationId, room.documentId, room.editorId)}${encodeKeyPart(connectionId)}`,
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
    pk: keys.realtimePartition(apiKey, room.organizationId),
    sk: join(
      'ROOMCOUNT',
      documentSegment(room.organizationId, room.documentId),
      encodeKeyPart(room.editorId),
    ),
  }),
  /** Sort-key prefix of every room count of the organization. */
  roomCountsPrefix: 'ROOMCOUNT#',
  /** Sort-key prefix of a document's room counts. */
  roomCountPrefix: (organizationId: string, documentId: string) =>
    `${join('ROOMCOUNT', documentSegment(organizationId, documentId))}${separator}`,
  /** Sort-key prefix of every live-state value of the organization. */
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
    pk: keys.realtimePartition(apiKey, organizationId),
    sk: `${keys.liveStatePrefix(organizationId, documentId)}${encodeKeyPart(liveStateDataId)}`,
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
  /** One part of a chunked message a client is sending on a connection (addendum §9 `~` frames). */
  connectionChunk: (connectionId: string, messageId: string, index: number): ItemKey => ({
    pk: join('RTCONN', encodeKeyPart(connectionId)),
    sk: join('CHUNK', encodeKeyPart(messageId), String(index).padStart(5, '0')),
  }),
  connectionChunkPrefix: (messageId: string) => `${join('CHUNK', encodeKeyPart(messageId))}${separator}`,
  /** The indexes received so far of one chunked message (its parts are read once, when complete). */
  connectionChunkTally: (connectionId: string, messageId: string): ItemKey => ({
    pk: join('RTCONN', encodeKeyPart(connectionId)),
    sk: join('CHUNKS', encodeKeyPart(messageId)),
  }),
  /**
   * The partition of a document's comment threads: each thread's item (`A#<annotation>#A`) followed
   * by its comments (`A#<annotation>#C#<comment>`). Encoded ids never contain `#` and every encoded
   * character sorts after it, so one thread's items are contiguous and the thread item comes first:
   * a Query of the partition reads whole threads in annotation-id order.
   */
  commentsPartition: (apiKey: string, organizationId: string, documentId: string) =>
    join(
      organizationPartition(apiKey, organizationId),
      'COMMENTS',
      'DOC',
      documentSegment(organizationId, documentId),
    ),
  /** Sort-key prefix of every thread item and comment of a document. */
  commentsPrefix: 'A#',
  /** Sort-key prefix of one thread's items (its own item and its comments). */
  commentAnnotationPrefix: (annotationId: string) => `${join('A', encodeKeyPart(annotationId))}${separator}`,
  commentAnnotation: (
    apiKey: string,
    organizationId: string,
    documentId: string,
    annotationId: string,
  ): ItemKey => ({
    pk: keys.commentsPartition(apiKey, organizationId, documentId),
    sk: join('A', encodeKeyPart(annotationId), 'A'),
  }),
  comment: (
    apiKey: string,
    thread: { organizationId: string; documentId: string; annotationId: string },
    commentId: string,
  ): ItemKey => ({
    pk: keys.commentsPartition(apiKey, thread.organizationId, thread.documentId),
    sk: join('A', encodeKeyPart(thread.annotationId), 'C', encodeKeyPart(commentId)),
  }),
  /**
   * One user's reaction with one icon on a comment: an index item beside the comment's reaction map,
   * written in the same transaction, so the user's data (gsi8) finds it. Under the thread's prefix
   * (after its comments), so a migration moves it with the thread and a document's erasure with the
   * partition; thread readers skip its entity.
   */
  commentReaction: (
    apiKey: string,
    thread: { organizationId: string; documentId: string; annotationId: string },
    commentId: string,
    icon: string,
    userId: string,
  ): ItemKey => ({
    pk: keys.commentsPartition(apiKey, thread.organizationId, thread.documentId),
    sk: join(
      'A',
      encodeKeyPart(thread.annotationId),
      'R',
      encodeKeyPart(commentId),
      encodeKeyPart(icon),
      encodeKeyPart(userId),
    ),
  }),
  /** Index keys (gsi1) that find a thread and its comments by annotation id alone, grouped by document. */
  commentAnnotationListing: (
    apiKey: string,
    thread: { organizationId: string; documentId: string; annotationId: string },
    sortKey: string,
  ) => ({
    gsi1pk: keys.commentAnnotationPartition(apiKey, thread.organizationId, thread.annotationId),
    gsi1sk: join(documentSegment(thread.organizationId, thread.documentId), sortKey),
  }),
  commentAnnotationPartition: (apiKey: string, organizationId: string, annotationId: string) =>
    join(organizationPartition(apiKey, organizationId), 'COMMENTS', 'ANN', encodeKeyPart(annotationId)),
  /** A document migration job: its ids, status and message (addendum §6, base #25). */
  migrationJob: (apiKey: string, organizationId: string, migrationId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), 'MIGRATION'),
    sk: join('JOB', encodeKeyPart(migrationId)),
  }),
  /** Held by the running migration that moves records from or to a document, so no other touches it. */
  migrationLock: (apiKey: string, organizationId: string, documentId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), 'MIGRATION'),
    sk: join('LOCK', documentSegment(organizationId, documentId)),
  }),
  /** A judgment derived from an activity, keyed by the activity's id so a rewrite replaces it. */
  judgment: (apiKey: string, organizationId: string, recordId: string): ItemKey => ({
    pk: judgmentPartition(apiKey, organizationId),
    sk: join('J', encodeKeyPart(recordId)),
  }),
  /**
   * Index keys placing a judgment on its timelines, sorted by `timelineSortKey(createdAt, id)`:
   * gsi1 the API key's, gsi2 the organization's, gsi3 the document's, gsi5 its annotation's.
   */
  judgmentTimelines: (
    apiKey: string,
    judgment: {
      organizationId: string;
      documentId: string;
      annotationId?: string;
      createdAt: number;
      recordId: string;
    },
  ) => {
    const base = judgmentPartition(apiKey, judgment.organizationId);
    const sortKey = timelineSortKey(judgment.createdAt, judgment.recordId);
    return {
      gsi1pk: apiKeyPartition(apiKey, 'JUDGMENTS'),
      gsi1sk: sortKey,
      gsi2pk: base,
      gsi2sk: sortKey,
      gsi3pk: join(base, 'DOC', documentSegment(judgment.organizationId, judgment.documentId)),
      gsi3sk: sortKey,
      ...(judgment.annotationId !== undefined && {
        gsi5pk: join(base, 'ANN', encodeKeyPart(judgment.annotationId)),
        gsi5sk: sortKey,
      }),
    };
  },
  /** The timeline (index and partition) listing the judgments of one scope or annotation thread. */
  judgmentTimeline: (
    apiKey: string,
    of:
      | { by: 'apiKey' }
      | { by: 'organization'; organizationId: string }
      | { by: 'document' | 'annotation'; organizationId: string; id: string },
  ): { index: IndexName; partition: string } => {
    if (of.by === 'apiKey')
      return {
        index: accessPatterns.judgmentsOfApiKey.index,
        partition: apiKeyPartition(apiKey, 'JUDGMENTS'),
      };
    const base = judgmentPartition(apiKey, of.organizationId);
    if (of.by === 'organization')
      return { index: accessPatterns.judgmentsOfOrganization.index, partition: base };
    if (of.by === 'document')
      return {
        index: accessPatterns.judgmentsOfDocument.index,
        partition: join(base, 'DOC', documentSegment(of.organizationId, of.id)),
      };
    return {
      index: accessPatterns.judgmentsOfAnnotation.index,
      partition: join(base, 'ANN', encodeKeyPart(of.id)),
    };
  },
  /**
   * A judgment's compact vector item of one embedding type (`review` | `content`), in one of
   * `judgmentVectorShards` shards of its organization's vector partition (by a hash of the id),
   * so a scope's vectors are read by parallel Queries of small items.
   */
  judgmentVector: (apiKey: string, organizationId: string, type: string, recordId: string): ItemKey => ({
    pk: join(judgmentVectorBase(apiKey, organizationId, type), String(judgmentVectorShard(recordId))),
    sk: encodeKeyPart(recordId),
  }),
  /** Index keys placing a vector item in its document's (gsi3) and API key's (gsi1, sharded) scopes. */
  judgmentVectorPlacements: (
    apiKey: string,
    vector: { organizationId: string; documentId: string; type: string; recordId: string },
  ) => ({
    gsi1pk: apiKeyPartition(apiKey, 'JVEC', vector.type, String(judgmentVectorShard(vector.recordId))),
    gsi1sk: join(organizationSegment(vector.organizationId), encodeKeyPart(vector.recordId)),
    gsi3pk: join(
      judgmentVectorBase(apiKey, vector.organizationId, vector.type),
      'DOC',
      documentSegment(vector.organizationId, vector.documentId),
    ),
    gsi3sk: encodeKeyPart(vector.recordId),
  }),
  /**
   * Index keys placing a vector item, or the tombstone that replaces a deleted one, on its
   * organization's change feed (gsi2) in write order, where cached scopes catch up.
   */
  judgmentVectorChange: (
    apiKey: string,
    vector: { organizationId: string; type: string; recordId: string; updatedAt: number },
  ) => ({
    gsi2pk: join(judgmentVectorBase(apiKey, vector.organizationId, vector.type), 'CHANGES'),
    gsi2sk: timelineSortKey(vector.updatedAt, vector.recordId),
  }),
  /** An organization's vector change feed of one embedding type. */
  judgmentVectorChanges: (apiKey: string, organizationId: string, type: string) => ({
    index: accessPatterns.judgmentVectorChanges.index,
    partition: join(judgmentVectorBase(apiKey, organizationId, type), 'CHANGES'),
  }),
  /** The partitions (with their index; none = the table) holding every vector of one search scope. */
  judgmentVectorPartitions: (
    apiKey: string,
    type: string,
    scope:
      | { by: 'apiKey' }
      | { by: 'organization'; organizationId: string }
      | { by: 'document'; organizationId: string; id: string },
  ): { index?: IndexName; partition: string }[] => {
    const shards = Array.from({ length: judgmentVectorShards }, (_, shard) => String(shard));
    if (scope.by === 'apiKey')
      return shards.map((shard) => ({
        index: accessPatterns.vectorsOfApiKey.index,
        partition: apiKeyPartition(apiKey, 'JVEC', type, shard),
      }));
    const base = judgmentVectorBase(apiKey, scope.organizationId, type);
    if (scope.by === 'organization') return shards.map((shard) => ({ partition: join(base, shard) }));
    return [
      {
        index: accessPatterns.vectorsOfDocument.index,
        partition: join(base, 'DOC', documentSegment(scope.organizationId, scope.id)),
      },
    ];
  },
  /** The table partition of an organization's activity records (erasure reads it whole). */
  activityPartition: (apiKey: string, organizationId: string) => activityPartition(apiKey, organizationId),
  /** The table partition of an organization's notification records. */
  notificationPartition: (apiKey: string, organizationId: string) =>
    notificationPartition(apiKey, organizationId),
  /** The table partition of an organization's judgment items. */
  judgmentPartition: (apiKey: string, organizationId: string) => judgmentPartition(apiKey, organizationId),
  /** The partition of an organization's migration jobs and locks. */
  migrationPartition: (apiKey: string, organizationId: string) =>
    apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), 'MIGRATION'),
  /**
   * Index keys (gsi2) listing an organization's CRDT partitions, one entry per editor head, so
   * erasing the organization finds every document with CRDT content without a Scan.
   */
  crdtOrganizationListing: (apiKey: string, organizationId: string, documentId: string) => ({
    gsi2pk: join(organizationPartition(apiKey, organizationId), 'CRDT'),
    gsi2sk: documentSegment(organizationId, documentId),
  }),
  crdtOrganizationListingPartition: (apiKey: string, organizationId: string) =>
    join(organizationPartition(apiKey, organizationId), 'CRDT'),
  /** Index keys (gsi2) listing an organization's comment partitions, one entry per thread item. */
  commentsOrganizationListing: (apiKey: string, organizationId: string, documentId: string) => ({
    gsi2pk: join(organizationPartition(apiKey, organizationId), 'COMMENTS'),
    gsi2sk: documentSegment(organizationId, documentId),
  }),
  commentsOrganizationListingPartition: (apiKey: string, organizationId: string) =>
    join(organizationPartition(apiKey, organizationId), 'COMMENTS'),
  /** An erasure job (organization / document deletion cascade, a user's data): API-key wide. */
  eraseJob: (apiKey: string, jobId: string): ItemKey => ({
    pk: apiKeyPartition(apiKey, 'ERASE'),
    sk: join('JOB', encodeKeyPart(jobId)),
  }),
  /**
   * Index keys (gsi8) placing an item among a user's data (addendum §10): the user's access item,
   * group memberships, inbox entries, comments, reactions, activities, judgments, CRDT editors. Sorted by organization, then
   * feature and ids, so one Query pages through everything of the user, or of one organization.
   */
  userDataListing: (
    apiKey: string,
    userId: string,
    organizationId: string,
    feature: string,
    ...ids: string[]
  ) => ({
    gsi8pk: apiKeyPartition(apiKey, 'USER', encodeKeyPart(userId)),
    gsi8sk: join(organizationSegment(organizationId), feature, ...ids.map(encodeKeyPart)),
  }),
  userDataPartition: (apiKey: string, userId: string) =>
    apiKeyPartition(apiKey, 'USER', encodeKeyPart(userId)),
  /** Sort-key prefix of a user's data in one organization. */
  userDataOrganizationPrefix: (organizationId: string) =>
    `${organizationSegment(organizationId)}${separator}`,
  owner: (email: string): ItemKey => ({ pk: join('OWNER', encodeKeyPart(email.toLowerCase())), sk: 'OWNER' }),
} as const;

/**
 * Shards of the due index: each takes a 64th of the due-time writes of every tenant (docs/scale.md:
 * 10,000 events/s make ≈ 50,000 index writes/s, ≈ 780 per shard, under a partition's 1,000).
 */
export const dueIndexShards = 64;

/** The due index's partition of one shard. */
export const dueIndexPartition = (shard: number) => join('DUE', String(shard));

/**
 * The due-index attributes of an item that needs looking at by `dueAt` (epoch ms) unless its work is
 * done first: the reconciler finds it once the time has passed. The shard follows the item's whole
 * key, so one item always lands in the same shard while the items of one partition (a busy
 * endpoint's deliveries, a tenant's outbox) spread over all shards. The only index partition not under an API key: a sweep
 * across tenants needs one, and it holds keys only (the reconciler reads the items themselves).
 */
export function dueIndexKeys(key: ItemKey, dueAt: number): { gsi7pk: string; gsi7sk: string } {
  const shard =
    createHash('sha256').update(`${key.pk}\u0000${key.sk}`).digest().readUInt32BE(0) % dueIndexShards;
  return {
    gsi7pk: dueIndexPartition(shard),
    gsi7sk: String(Math.max(0, Math.ceil(dueAt))).padStart(15, '0'),
  };
}

/** The sort-key bound of the due index for "due by `time`". */
export const dueIndexBound = (time: number) => String(Math.max(0, Math.floor(time))).padStart(15, '0');

/** Attribute names that belong to the key schema and are stripped before items leave a repository. */
export const keyAttributes: readonly string[] = [
  'pk',
  'sk',
  ...Object.keys(globalSecondaryIndexes).flatMap((index) => [`${index}pk`, `${index}sk`]),
  'ttl',
];
