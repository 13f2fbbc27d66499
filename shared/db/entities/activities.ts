import type { ItemKey } from '../key-parts';
import { documentSegment, encodeKeyPart, join, onTimelines, organizationPartition } from '../key-parts';
import { defineArea, type IndexName } from './definition';

/** Activity records and their five timelines. */
export const activitiesArea = defineArea({
  entities: {
    activity: { indexes: ['gsi2', 'gsi3', 'gsi4', 'gsi5', 'gsi6', 'gsi8'] },
  },
  accessPatterns: {
    activityById: { index: 'table' },
    activitiesOfOrganization: { index: 'gsi2' },
    activitiesOfDocument: { index: 'gsi3' },
    activitiesOfUser: { index: 'gsi4' },
    activitiesOfTarget: { index: 'gsi5' },
    activitiesOfFeature: { index: 'gsi6' },
  },
});

const activityPartition = (apiKey: string, organizationId: string) =>
  organizationPartition(apiKey, organizationId, 'ACTIVITY');

const activityTimelineIndexes = {
  document: [activitiesArea.accessPatterns.activitiesOfDocument.index, 'DOC'],
  user: [activitiesArea.accessPatterns.activitiesOfUser.index, 'USER'],
  target: [activitiesArea.accessPatterns.activitiesOfTarget.index, 'TARGET'],
  feature: [activitiesArea.accessPatterns.activitiesOfFeature.index, 'FEATURE'],
} as const;

/** The keys of activity records, their timelines and partition. */
export const activityKeys = {
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
    return onTimelines(activity.timestamp, activity.id, {
      gsi2: base,
      gsi3: join(base, 'DOC', documentSegment(activity.organizationId, activity.documentId)),
      gsi4: join(base, 'USER', encodeKeyPart(activity.userId)),
      gsi5:
        activity.targetEntityId === undefined
          ? undefined
          : join(base, 'TARGET', encodeKeyPart(activity.targetEntityId)),
      gsi6: join(base, 'FEATURE', encodeKeyPart(activity.featureType)),
    });
  },
  /** The timeline partition (and its index) that serves one activity filter. */
  activityTimeline: (
    apiKey: string,
    organizationId: string,
    filter: { by: 'organization' } | { by: 'document' | 'user' | 'target' | 'feature'; id: string },
  ): { index: IndexName; partition: string } => {
    const base = activityPartition(apiKey, organizationId);
    if (filter.by === 'organization')
      return { index: activitiesArea.accessPatterns.activitiesOfOrganization.index, partition: base };
    const [index, segment] = activityTimelineIndexes[filter.by];
    const id =
      filter.by === 'document' ? documentSegment(organizationId, filter.id) : encodeKeyPart(filter.id);
    return { index, partition: join(base, segment, id) };
  },
  /** The table partition of an organization's activity records (erasure reads it whole). */
  activityPartition: (apiKey: string, organizationId: string) => activityPartition(apiKey, organizationId),
} as const;
