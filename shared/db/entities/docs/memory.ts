import { memoryArea } from '../memory';
import { documentArea } from './definition';

/** What docs/data-model.md says of `memoryArea`: its title, item layouts and attributes, access patterns. */
export const memoryDocs = documentArea(memoryArea, {
  title: 'Memory',
  entities: {
    judgment: {
      pk: 'AK#<ak>#ORG#<org>#JUDGMENT',
      sk: 'J#<id>',
      attributes:
        'recordId, decision, reasoning, confidence, actionUser, createdAt (activity timestamp), agent, judgeType, contentType, reviewerId, organizationId, documentId, annotationId?, commentId?, contentText?, embedder, updatedAt',
    },
    judgmentVector: {
      pk: 'AK#<ak>#ORG#<org>#JVEC#<type>#<shard>',
      sk: '<id>',
      attributes:
        'recordId, organizationId, documentId, decision, judgeType, contentType, reviewerId, createdAt, updatedAt, embedder, vector (int8 × 512, binary), scale — ≈ 0.75 KB',
    },
    judgmentVectorTombstone: {
      sameKeyAs: 'judgmentVector',
      attributes: 'recordId, organizationId, updatedAt, ttl (one day)',
    },
  },
  accessPatterns: {
    judgmentById: {
      pattern: 'judgment by activity id',
      pk: '`AK#<ak>#ORG#<org>#JUDGMENT`',
      sk: '`J#<activityId>`',
      operation: 'Put/Delete with its activity; BatchGetItem (top k)',
      usedBy: 'activity writers, `memory.search`',
    },
    judgmentsOfApiKey: {
      pattern: "an API key's judgments, by time",
      pk: '`AK#<ak>#JUDGMENTS`',
      sk: '`<createdAt>#<id>`',
      operation: 'Query (+ COUNT Query), key condition on the window',
      usedBy: '`memory.judgments.query`, search recency path',
    },
    judgmentsOfOrganization: {
      pattern: "an organization's judgments, by time",
      pk: '`AK#<ak>#ORG#<org>#JUDGMENT`',
      sk: '`<createdAt>#<id>`',
      operation: 'as above',
      usedBy: 'as above',
    },
    judgmentsOfDocument: {
      pattern: "a document's judgments, by time",
      pk: '`…#JUDGMENT#DOC#<doc>`',
      sk: '`<createdAt>#<id>`',
      operation: 'as above',
      usedBy: 'as above',
    },
    judgmentsOfAnnotation: {
      pattern: "a comment thread's judgments, by time",
      pk: '`…#JUDGMENT#ANN#<annotation>`',
      sk: '`<createdAt>#<id>`',
      operation: 'as above',
      usedBy: '`memory.judgments.query`, search thread path',
    },
    vectorsOfOrganization: {
      pattern: "an organization's judgment vectors",
      pk: '`…#ORG#<org>#JVEC#<type>#<shard>` (4 shards)',
      sk: '`<activityId>`',
      operation: 'parallel projection Queries, one per shard',
      usedBy: "`memory.search` (loading the organization's cache)",
    },
    vectorsOfDocument: {
      pattern: "a document's judgment vectors",
      pk: '`…#ORG#<org>#JVEC#<type>#DOC#<doc>`',
      sk: '`<activityId>`',
      operation: 'projection Query (with FilterExpression)',
      usedBy: '`memory.search` with a document scope',
    },
    vectorsOfApiKey: {
      pattern: "an API key's judgment vectors",
      pk: '`AK#<ak>#JVEC#<type>#<shard>` (4 shards)',
      sk: '`<org>#<activityId>`',
      operation: 'parallel projection Queries, one per shard (with FilterExpression)',
      usedBy: '`memory.search` over the API key',
    },
    judgmentVectorChanges: {
      pattern: "an organization's vector changes",
      pk: '`…#ORG#<org>#JVEC#<type>#CHANGES`',
      sk: '`<updatedAt>#<activityId>`',
      operation: 'Query from 30 s before the previous look',
      usedBy: '`memory.search` (cached organization vectors catch up)',
    },
  },
});
