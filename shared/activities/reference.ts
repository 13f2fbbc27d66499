/** The reference's words for the activities domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { activitiesContracts } from './contracts';

const judgments =
  'Review judgments (searched by `/v2/memory/search`) are derived from activities: a comment, a status change, an accepted or rejected suggestion, a 👍 or 👎 reaction, or a custom activity whose `entityData.judgment` is `{ decision, reasoning?, confidence? }`.';

export const activitiesReference = domainReference<typeof activitiesContracts>()({
  operations: {
    'activities.add': `Records activities of a document. An activity given an \`id\` that exists is overwritten (so a retry is harmless), unless it is immutable: then it fails per item. Each activity is at most 64 KB of JSON. Activity logging must be enabled (\`activityconfig/update\`), else \`FAILED_PRECONDITION\`. ${judgments}`,
    'activities.get':
      "Lists the organization's activities that match every filter given, ordered by time, a page at a time; every page but the last is full.",
    'activities.update':
      'Changes the updatable fields of activities (`changes`, `entityData`, `entityTargetData`, `displayMessageTemplate`, `displayMessageTemplateData`, `actionIcon`); each item needs its `id` and at least one change. A missing or immutable activity fails per item.',
    'activities.delete':
      'Deletes the activities named in `activityIds`, or every activity of `documentId` or of `targetEntityId`; one of the three is required. Immutable activities fail per item.',
  },
  fields: {
    activities: 'The activities, at most 100.',
    'activities.id':
      'The activity id: your own (a retry with the same id overwrites instead of adding a second); generated when left out on add.',
    'Activity.id': 'The activity id.',
    featureType: 'What the activity is about: `comment`, `reaction`, `recorder`, `crdt` or `custom`.',
    actionType:
      'What happened, as a dotted name of your choice (comment changes record `comment.add`, `comment_annotation.status_change`, ...).',
    actionUser: 'Who acted: `userId`, optionally `email`, `name` and `agent`.',
    'actionUser.name': "The acting user's name.",
    'actionUser.email': "The acting user's email address.",
    agent:
      'When an AI agent acted: its details (`agentId`, `name`, `model`, `confidence`, ...); judgments derived from the activity are then `judgeType: agent`.',
    'activities.targetEntityId': 'The entity acted on, such as an annotation id.',
    'data.targetEntityId': 'Only activities on this entity (such as an annotation id).',
    'Activity.targetEntityId': 'The entity acted on, such as an annotation id.',
    targetSubEntityId: 'A part of the target entity, such as a comment id within the annotation.',
    changes: 'What changed, by field: `{ <field>: { from, to } }`.',
    from: 'The value before the change.',
    to: 'The value after the change.',
    entityData:
      'A snapshot of the entity acted on, any JSON. A custom activity may carry a judgment here as `judgment: { decision, reasoning?, confidence? }`.',
    entityTargetData: 'A snapshot of the target entity, any JSON.',
    displayMessageTemplate:
      'The text to show, with `{{variable}}` placeholders filled from `displayMessageTemplateData`.',
    displayMessageTemplateData: 'Values for the placeholders of `displayMessageTemplate`, by name.',
    actionIcon: 'A URL or name of an icon to show beside the activity.',
    'data.documentId':
      'Only activities of this document (`activities/get`, `/delete`), or the document the activities belong to (`activities/add`).',
    featureTypes: 'Only activities of these feature types.',
    actionTypes: 'Only activities of these action types (at most 100).',
    'data.userId': 'Only activities performed by this user.',
    activityIds: 'Only these activities (at most 100).',
    order: 'By timestamp: newest first (`desc`, the default) or oldest first (`asc`).',
    timestamp: 'When the activity was recorded, epoch milliseconds.',
    metadata: 'Where the activity belongs: `{ apiKey, organizationId, documentId }`.',
    apiKey: 'The API key that owns the activity.',
  },
});
