import type { EntityName } from '../../../shared/db/entities';
import { activityKeys } from '../../../shared/db/entities/activities';
import { commentKeys } from '../../../shared/db/entities/comments';
import { crdtKeys } from '../../../shared/db/entities/crdt';
import { documentedAreas } from '../../../shared/db/entities/docs/areas';
import type { EntityDoc } from '../../../shared/db/entities/docs/definition';
import { lifecycleKeys } from '../../../shared/db/entities/lifecycle';
import { judgmentKeys } from '../../../shared/db/entities/memory';
import { migrationKeys } from '../../../shared/db/entities/migration';
import { notificationKeys } from '../../../shared/db/entities/notifications';
import { organizationKeys } from '../../../shared/db/entities/organizations';
import { quotaKeys } from '../../../shared/db/entities/quotas';
import { realtimeKeys } from '../../../shared/db/entities/realtime';
import { webhookKeys } from '../../../shared/db/entities/webhooks';
import { workspaceKeys } from '../../../shared/db/entities/workspace';
import type { ItemKey } from '../../../shared/db/key-parts';
import { keys } from '../../../shared/db/keys';

// Sample ids hold `#`, so a builder that forgot to encode one adds a segment its layout lacks.
const apiKey = 'key#1';
const organizationId = 'org#1';
const documentId = 'doc#1';
const userId = 'user#1';
const id = 'id#1';
const time = 1_700_000_000_000;
const thread = { organizationId, documentId, annotationId: id };
const room = { organizationId, documentId, editorId: id };
const part = { organizationId, documentId, editorId: id };

/** Each entity's key as its builder makes it from the sample ids (one per alternative its layout lists). */
const builtKeys: { readonly [E in EntityName]: ItemKey | readonly ItemKey[] } = {
  workspace: keys.workspace(id),
  workspaceApiKey: keys.workspaceApiKey(id, apiKey),
  apiKeyCredential: keys.apiKeyCredential(apiKey),
  owner: keys.owner('Owner#1@example.com'),
  apiKeyConfig: keys.apiKeyConfig(apiKey, 'advancedWebhook'),
  tokenSigningSecret: keys.tokenSigningSecret(apiKey),
  webhookEndpoint: keys.webhookEndpoint(apiKey, id),
  webhookEndpointUid: keys.webhookEndpointUid(apiKey, id),
  webhookEndpointCount: keys.webhookEndpointCount(apiKey),
  webhookEndpointState: keys.webhookEndpointState(apiKey, id),
  webhookDelivery: keys.webhookDelivery(apiKey, id, time, id),
  outboxEvent: keys.outboxEvent(apiKey, time, id),
  webhookEndpointStats: keys.webhookEndpointStats(apiKey, id, time),
  portalSession: keys.portalSession(apiKey, id),
  webhookRecoverTask: keys.webhookRecoverTask(apiKey, id),
  webhookProfileMention: keys.webhookProfileMention(apiKey, userId, 1_700_000_000_000, id),
  organization: keys.organization(apiKey, organizationId),
  folder: keys.folder(apiKey, organizationId, id),
  document: keys.document(apiKey, organizationId, documentId),
  userAccess: keys.userAccess(apiKey, organizationId, userId),
  userGroup: keys.userGroup(apiKey, organizationId, id),
  groupMembership: keys.groupMembership(apiKey, organizationId, id, userId),
  activity: keys.activity(apiKey, organizationId, id),
  notification: keys.notification(apiKey, organizationId, id),
  inboxEntry: keys.inboxEntry(apiKey, { organizationId, userId, createdAt: time, notificationId: id }),
  inboxCounter: [
    keys.inboxCounter(apiKey, { organizationId, userId }),
    keys.inboxCounter(apiKey, { organizationId, documentId, userId }),
  ],
  notificationPreference: [
    keys.notificationPreference(apiKey, { organizationId, userId }),
    keys.notificationPreference(apiKey, { organizationId, documentId, userId }),
  ],
  crdtEditor: keys.crdtHead(apiKey, organizationId, documentId, id),
  crdtPart: [
    keys.crdtPart(apiKey, part, 'LOG', 'record1', 0),
    keys.crdtPart(apiKey, part, 'SNAP', 'record1', 2),
  ],
  crdtEventWindow: keys.crdtEventWindow(apiKey, organizationId, documentId, id),
  crdtVersion: keys.crdtVersion(apiKey, part, 'version1'),
  crdtVersionPart: keys.crdtVersionPart(apiKey, part, 'version1', 0),
  realtimeConnection: keys.connectionById(id),
  realtimeRoomMember: keys.realtimeConnection(apiKey, room, id),
  realtimeAccessStamp: keys.realtimeAccessStamp(apiKey, organizationId),
  realtimeRoomCount: keys.realtimeRoomCount(apiKey, room),
  realtimeChunk: keys.connectionChunk(id, id, 3),
  realtimeChunkTally: keys.connectionChunkTally(id),
  realtimeFrameRate: keys.connectionFrameRate(id),
  realtimeAwarenessClaim: keys.awarenessClaim(apiKey, room, 7),
  realtimeRenewalRound: keys.realtimeRenewalRound(apiKey, room),
  liveState: keys.liveState(apiKey, organizationId, documentId, id),
  liveStateIds: keys.liveStateIds(apiKey, organizationId, documentId),
  commentAnnotation: keys.commentAnnotation(apiKey, organizationId, documentId, id),
  comment: keys.comment(apiKey, thread, id),
  commentReaction: keys.commentReaction(apiKey, thread, id, 'icon#1', userId),
  threadCounter: keys.threadCounter(apiKey, organizationId, documentId),
  threadReadCounter: keys.threadReadCounter(apiKey, { organizationId, documentId, userId }),
  judgment: keys.judgment(apiKey, organizationId, id),
  judgmentVector: keys.judgmentVector(apiKey, organizationId, 'review', id),
  judgmentVectorTombstone: keys.judgmentVector(apiKey, organizationId, 'review', id),
  migrationJob: keys.migrationJob(apiKey, organizationId, id),
  migrationLock: keys.migrationLock(apiKey, organizationId, documentId),
  eraseJob: keys.eraseJob(apiKey, id),
  rateWindow: keys.rateWindow(apiKey, 'http', 1_700_000_000),
  jobSlots: keys.jobSlots(apiKey),
};

/** A documented layout as a pattern: literal text as written, each `<name>` one non-empty segment. */
function layoutPattern(layout: string): RegExp {
  const parts = layout.split(/<[^>]+>/).map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^#]+')}$`);
}

/** The layouts an entity's docs give, as `pk / sk` pairs (the layouts of the item whose key it shares). */
function documentedLayouts(docs: Record<string, EntityDoc<string>>, name: string): string[] {
  const doc = docs[name];
  if (doc === undefined) throw new Error(`no docs for ${name}`);
  if ('sameKeyAs' in doc) return documentedLayouts(docs, doc.sameKeyAs);
  const sortKeys = typeof doc.sk === 'string' ? [doc.sk] : doc.sk;
  return sortKeys.map((sk) => `${doc.pk} / ${sk}`);
}

const matches = (layout: string, key: ItemKey) => layoutPattern(layout).test(`${key.pk} / ${key.sk}`);

const documentedEntities = documentedAreas.flatMap((documented) =>
  Object.keys(documented.entities).map((name) => ({
    name,
    layouts: documentedLayouts(documented.entities as Record<string, EntityDoc<string>>, name),
  })),
);

describe('key layouts (shared/db/entities/docs against the builders)', () => {
  it('documents every entity with a key its builder makes', () => {
    expect(documentedEntities.map(({ name }) => name).sort()).toEqual(Object.keys(builtKeys).sort());
  });

  it.each(documentedEntities)('builds $name keys exactly as documented', ({ name, layouts }) => {
    const built = [builtKeys[name as EntityName]].flat();
    for (const key of built) {
      expect({ key, matchesALayout: layouts.some((layout) => matches(layout, key)) }).toEqual({
        key,
        matchesALayout: true,
      });
    }
    for (const layout of layouts) {
      expect({ layout, built: built.some((key) => matches(layout, key)) }).toEqual({ layout, built: true });
    }
  });

  it('defines each key builder name once across the areas', () => {
    const areaKeys = [
      workspaceKeys,
      webhookKeys,
      organizationKeys,
      activityKeys,
      notificationKeys,
      crdtKeys,
      realtimeKeys,
      commentKeys,
      judgmentKeys,
      migrationKeys,
      lifecycleKeys,
      quotaKeys,
    ];
    const names = areaKeys.flatMap((builders) => Object.keys(builders));
    expect(Object.keys(keys).sort()).toEqual([...names].sort());
  });
});
