import { activitiesArea } from '../activities';
import { documentArea } from './definition';

/** What docs/data-model.md says of `activitiesArea`: its title, item layouts and attributes, access patterns. */
export const activitiesDocs = documentArea(activitiesArea, {
  title: 'Activities',
  entities: {
    activity: {
      pk: 'AK#<ak>#ORG#<org>#ACTIVITY',
      sk: 'ACT#<id>',
      attributes:
        'gsi5 only with a target; the Activity log record (id, featureType, actionType, actionUser, targetEntityId?, targetSubEntityId?, changes?, entityData?, entityTargetData?, displayMessageTemplate?, displayMessageTemplateData?, actionIcon?, metadata, timestamp), immutable? (written while the config said so), createdAt, updatedAt',
    },
  },
  accessPatterns: {
    activityById: {
      pattern: 'activity by id',
      pk: '`AK#<ak>#ORG#<org>#ACTIVITY`',
      sk: '`ACT#<id>`',
      operation:
        'BatchWriteItem (new ids), PutItem unless immutable (given ids), UpdateItem / BatchGetItem / BatchWriteItem',
      usedBy: '`activities.*`',
    },
    activitiesOfOrganization: {
      pattern: 'activities of an organization, newest or oldest first',
      pk: '`AK#<ak>#ORG#<org>#ACTIVITY`',
      sk: '`<timestamp 15 digits>#<id>`',
      operation: 'Query (`<`/`>` the cursor, limit page size + 1)',
      usedBy: '`activities.get` without an indexed filter',
    },
    activitiesOfDocument: {
      pattern: 'activities of a document',
      pk: '`…#ACTIVITY#DOC#<doc>`',
      sk: '`<timestamp>#<id>`',
      operation: 'Query; Query (keys only) for delete',
      usedBy: '`activities.get` / `.delete` with `documentId`',
    },
    activitiesOfUser: {
      pattern: 'activities of an acting user',
      pk: '`…#ACTIVITY#USER#<user>`',
      sk: '`<timestamp>#<id>`',
      operation: 'Query',
      usedBy: '`activities.get` with `userId`',
    },
    activitiesOfTarget: {
      pattern: 'activities of a target entity',
      pk: '`…#ACTIVITY#TARGET#<target>`',
      sk: '`<timestamp>#<id>`',
      operation: 'Query; Query (keys only) for delete',
      usedBy: '`activities.get` / `.delete` with `targetEntityId`',
    },
    activitiesOfFeature: {
      pattern: 'activities of a feature type',
      pk: '`…#ACTIVITY#FEATURE#<type>`',
      sk: '`<timestamp>#<id>`',
      operation: 'one Query per requested type, merged',
      usedBy: '`activities.get` with `featureTypes`',
    },
  },
});
