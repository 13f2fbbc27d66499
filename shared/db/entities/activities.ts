import {
  apiKeyPartition,
  documentSegment,
  encodeKeyPart,
  type ItemKey,
  join,
  organizationSegment,
  timelineSortKey,
} from '../key-parts';
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
  apiKeyPartition(apiKey, 'ORG', organizationSegment(organizationId), 'ACTIVITY');

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
      return { index: activitiesArea.accessPatterns.activitiesOfOrganization.index, partition: base };
    const [index, segment] = activityTimelineIndexes[filter.by];
    const id =
      filter.by === 'document' ? documentSegment(organizationId, filter.id) : encodeKeyPart(filter.id);
    return { index, partition: join(base, segment, id) };
  },
  /** The table partition of an organization's activity records (erasure reads it whole). */
  activityPartition: (apiKey: string, organizationId: string) => activityPartition(apiKey, organizationId),
} as const;
