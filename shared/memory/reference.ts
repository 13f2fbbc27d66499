/** The reference's words for the memory domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { memoryContracts } from './contracts';

export const memoryReference = domainReference<typeof memoryContracts>()({
  operations: {
    'memory.search':
      "Finds the review judgments closest in meaning to `query`: an exact cosine top-k over the judgments in scope that pass the filters. Judgments are derived from activity records (comments, status changes, suggestion decisions, 👍/👎 reactions, custom activities that carry one). Two shortcuts skip the vector search and answer with `similarity: 1.0`: `filters.annotationId` reads that one comment thread, oldest first; `recencyDays` answers the most recent judgments of that many days (overriding `filters.dateRange`). This searches judgments, not documents' content. The answer has no `status`, `message` or `data`: `result` is `{ results, totalInScope, searchLatencyMs }`.",
    'memory.judgments.query':
      'Lists judgments that pass the filters, newest first (a thread given by `filters.annotationId` oldest first), with how many match in all. No query text, no vector search. The answer has no `status`, `message` or `data`: `result` is `{ results, total }`.',
  },
  fields: {
    query:
      'What to look for, in words (at most 4000 characters, not empty). Ignored with `filters.annotationId` or `recencyDays`.',
    embeddingType:
      'Search the reviews themselves (`review`, the default: decision and reasoning) or the content they reviewed (`content`).',
    'data.scope':
      'Where to search: `document`, `organization` or `apiKey` (every judgment of the API key). Left out: the narrowest of `documentId` and `organizationId` given, else `apiKey`.',
    'JudgmentResult.scope': 'The scope the judgment was found in.',
    'data.organizationId':
      'Only judgments in this organization; needed by `documentId` and `filters.annotationId`.',
    'data.documentId': 'Only judgments in this document (with `organizationId`).',
    limit: 'How many judgments to answer at most.',
    filters: 'Only judgments that pass every filter given.',
    'filters.decision':
      'Only this decision, such as `approve`, `reject`, `comment`, `resolve`, `agree` or `disagree`.',
    'filters.judgeType': 'Only judgments made by people (`human`) or by AI agents (`agent`).',
    'filters.contentType': 'Only judgments of this kind of content.',
    'filters.reviewerId': 'Only judgments made by this user.',
    'filters.annotationId':
      'Read this one comment thread directly, oldest first, without vector search (needs `organizationId`).',
    dateRange: 'Only judgments made between `start` and `end`, both included.',
    start:
      'The earliest time: ISO 8601 (a date, or a date-time with offset) or epoch milliseconds; not after `end`.',
    end: 'The latest time: ISO 8601 (a date, or a date-time with offset) or epoch milliseconds.',
    recencyDays:
      'Answer the most recent judgments of the last this many days, without vector search; overrides `filters.dateRange`.',
    results: 'The judgments found, best match (or newest) first.',
    totalInScope: 'How many judgments the scope holds before the filters.',
    searchLatencyMs: 'How long the search took, in milliseconds.',
    total: 'How many judgments pass the filters in all.',
    recordId: 'The judgment id: the id of the activity it was derived from.',
    decision:
      'The decision: `approve`, `reject`, `comment`, `resolve`, `in_progress`, `agree`, `disagree`, or a custom one.',
    reasoning: 'Why: the comment text, or the reasoning a custom activity gave.',
    confidence: 'How sure the judge was, from 0 to 1.',
    actionUser: 'Who judged: `userId`, `name` and any other profile fields of the activity.',
    'actionUser.name': "The judge's name.",
    'actionUser.userId': "The judge's user id.",
    createdAt: 'When the judgment was made, epoch milliseconds.',
    agent: 'The AI agent that judged, as the activity described it; null when a person did.',
    judgeType: '`agent` when an AI agent judged, else `human`.',
    contentType: 'The kind of content judged.',
    reviewerId: 'The user who judged.',
    'JudgmentResult.organizationId': 'The organization of the judgment.',
    'JudgmentResult.documentId': 'The document of the judgment.',
    annotationId: 'The comment thread the judgment belongs to, when it came from one.',
    commentId: 'The comment the judgment came from, when it did.',
    similarity:
      'How close to the query, by cosine similarity (1.0 on the thread and recency shortcuts, which do not compare).',
  },
});
