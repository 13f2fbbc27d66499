import type { ItemKey } from '../key-parts';
import {
  apiKeyPartition,
  documentSegment,
  encodeKeyPart,
  join,
  onTimelines,
  organizationPartition,
  organizationSegment,
  timelineSortKey,
} from '../key-parts';
import { defineArea, type IndexName } from './definition';

/** Judgments derived from activities and their compact vectors (issue 8). */
export const memoryArea = defineArea({
  entities: {
    judgment: { indexes: ['gsi1', 'gsi2', 'gsi3', 'gsi5', 'gsi8'] },
    judgmentVector: { indexes: ['gsi1', 'gsi2', 'gsi3'] },
    judgmentVectorTombstone: { indexes: ['gsi2'] },
  },
  accessPatterns: {
    judgmentById: { index: 'table' },
    judgmentsOfApiKey: { index: 'gsi1' },
    judgmentsOfOrganization: { index: 'gsi2' },
    judgmentsOfDocument: { index: 'gsi3' },
    judgmentsOfAnnotation: { index: 'gsi5' },
    vectorsOfOrganization: { index: 'table' },
    vectorsOfDocument: { index: 'gsi3' },
    vectorsOfApiKey: { index: 'gsi1' },
    judgmentVectorChanges: { index: 'gsi2' },
  },
});

const judgmentPartition = (apiKey: string, organizationId: string) =>
  organizationPartition(apiKey, organizationId, 'JUDGMENT');
const judgmentVectorBase = (apiKey: string, organizationId: string, type: string) =>
  organizationPartition(apiKey, organizationId, 'JVEC', type);

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

/** The keys of judgments, their vectors and timelines. */
export const judgmentKeys = {
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
    return onTimelines(judgment.createdAt, judgment.recordId, {
      gsi1: apiKeyPartition(apiKey, 'JUDGMENTS'),
      gsi2: base,
      gsi3: join(base, 'DOC', documentSegment(judgment.organizationId, judgment.documentId)),
      gsi5:
        judgment.annotationId === undefined
          ? undefined
          : join(base, 'ANN', encodeKeyPart(judgment.annotationId)),
    });
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
        index: memoryArea.accessPatterns.judgmentsOfApiKey.index,
        partition: apiKeyPartition(apiKey, 'JUDGMENTS'),
      };
    const base = judgmentPartition(apiKey, of.organizationId);
    if (of.by === 'organization')
      return { index: memoryArea.accessPatterns.judgmentsOfOrganization.index, partition: base };
    if (of.by === 'document')
      return {
        index: memoryArea.accessPatterns.judgmentsOfDocument.index,
        partition: join(base, 'DOC', documentSegment(of.organizationId, of.id)),
      };
    return {
      index: memoryArea.accessPatterns.judgmentsOfAnnotation.index,
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
    index: memoryArea.accessPatterns.judgmentVectorChanges.index,
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
        index: memoryArea.accessPatterns.vectorsOfApiKey.index,
        partition: apiKeyPartition(apiKey, 'JVEC', type, shard),
      }));
    const base = judgmentVectorBase(apiKey, scope.organizationId, type);
    if (scope.by === 'organization') return shards.map((shard) => ({ partition: join(base, shard) }));
    return [
      {
        index: memoryArea.accessPatterns.vectorsOfDocument.index,
        partition: join(base, 'DOC', documentSegment(scope.organizationId, scope.id)),
      },
    ];
  },
  /** The table partition of an organization's judgment items. */
  judgmentPartition: (apiKey: string, organizationId: string) => judgmentPartition(apiKey, organizationId),
} as const;
