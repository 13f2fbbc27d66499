import { commentsArea } from '../comments';
import { documentArea } from './definition';

/** What docs/data-model.md says of `commentsArea`: its title, item layouts and attributes, access patterns. */
export const commentsDocs = documentArea(commentsArea, {
  title: 'Comments',
  entities: {
    commentAnnotation: {
      pk: 'AK#<ak>#ORG#<org>#COMMENTS#DOC#<doc>',
      sk: 'A#<annotation>#A',
      attributes:
        'annotationId, organizationId, documentId, type, status, priority?, assignedTo?, context?, suggestionDecision?, createdBy, participants (map userId → user: the thread participants of processed webhooks), commentSeq (comments ever added), readBy (map userId → commentSeq: users who have read the thread up to its newest comment), readVersion (changes with commentSeq and readBy), createdAt, lastUpdated, version',
    },
    comment: {
      pk: 'AK#<ak>#ORG#<org>#COMMENTS#DOC#<doc>',
      sk: 'A#<annotation>#C#<comment>',
      attributes:
        'commentId, annotationId, commentText?, commentHtml?, from, taggedUserContacts?, agent?, reactions (map `["<icon>","<userId>"]` → `{ icon, user, createdAt }`), createdAt, lastUpdated, version',
    },
    commentReaction: {
      pk: 'AK#<ak>#ORG#<org>#COMMENTS#DOC#<doc>',
      sk: 'A#<ann>#R#<comment>#<icon>#<user>',
      attributes:
        "organizationId, documentId, annotationId, commentId, icon, userId, gsi8pk/gsi8sk, createdAt, updatedAt (the comment's `reactions` map stays the truth: listed only while it holds the reaction; a deleted comment or thread leaves the item stale until the user's erasure deletes it)",
    },
    threadCounter: {
      pk: 'AK#<ak>#ORG#<org>#COMMENTS#DOC#<doc>',
      sk: 'T#COUNT',
      attributes:
        "organizationId, documentId, total, open (threads not `resolved` / `closed`), gsi2pk/gsi2sk (lists the partition for an organization's erasure), version (bumped by every change: a recount's condition), updatedAt",
    },
    threadReadCounter: {
      pk: 'AK#<ak>#ORG#<org>#COMMENTS#DOC#<doc>',
      sk: 'T#READ#<user>',
      attributes:
        "organizationId, documentId, userId, threadsRead (threads whose `readBy` holds the user: read up to their newest comment), gsi8pk/gsi8sk (the user's data), version (bumped by every change: a recount's condition), updatedAt",
    },
  },
  accessPatterns: {
    threadsOfDocument: {
      pattern: "a document's threads, whole, in annotation-id order",
      pk: '`AK#<ak>#ORG#<org>#COMMENTS#DOC#<doc>`',
      sk: 'begins_with `A#`',
      operation: 'Query (Limit pageSize × 10 + 1; more only for long threads)',
      usedBy: '`commentannotations.get` with `documentId`',
    },
    thread: {
      pattern: 'one thread with its comments',
      pk: 'same',
      sk: 'begins_with `A#<annotation>#`',
      operation: 'Query (consistent)',
      usedBy: '`commentannotations.get` with `documentId` + `annotationIds`, `.delete`',
    },
    threadItems: {
      pattern: "a thread's item and some comments",
      pk: 'same',
      sk: '`A#<annotation>#A`, `A#<annotation>#C#<comment>`',
      operation: 'BatchGetItem; GetItem (consistent) before an update',
      usedBy: 'comments add/update/delete, reactions, `commentannotations.update`',
    },
    threadByAnnotation: {
      pattern: 'a thread by annotation id, any document',
      pk: '`AK#<ak>#ORG#<org>#COMMENTS#ANN#<annotation>`',
      sk: '`<doc>#<sk>`',
      operation: 'Query',
      usedBy: '`commentannotations.get` with only `annotationIds`',
    },
    writeCommentChange: {
      pattern: 'write a change',
      pk: 'thread / comment items + `AK#<ak>#EVENTS` + the activity (+ its derived items)',
      sk: '',
      operation:
        'TransactWriteItems (conditions: `attribute_not_exists` on create, `version = :read` on updates, `attribute_(not_)exists(reactions.#k)`)',
      usedBy: 'every comment write',
    },
    moveDocumentComments: {
      pattern: "move a document's comments",
      pk: '`…#COMMENTS#DOC#<from>` → `…#DOC#<to>`',
      sk: 'same sort keys',
      operation: 'Query (100) + BatchWriteItem puts, then deletes',
      usedBy: 'migration (`shared/comments/document-mover.ts`)',
    },
    userReaction: {
      pattern: "a user's reaction (index item, decisions §36)",
      pk: '`AK#<ak>#ORG#<org>#COMMENTS#DOC#<doc>`',
      sk: "`A#<ann>#R#<comment>#<icon>#<user>` (after the thread's comments)",
      operation: "Put / Delete in the reaction's TransactWriteItems",
      usedBy: '`commentannotations.reactions.add/delete`, `users.data.get`, user erasure',
    },
    threadCounts: {
      pattern: "documents' thread counts and one user's read counts",
      pk: '`AK#<ak>#ORG#<org>#COMMENTS#DOC#<doc>`',
      sk: '`T#COUNT`, `T#READ#<user>`',
      operation:
        'BatchGetItem (consistent, ≤ 100 keys each, in parallel); `ADD` Updates in the transactions that create, delete and re-status threads, add comments and mark threads read',
      usedBy:
        '`commentannotations.count`, `.read.update`, every thread write, migration and `recount-thread-counters` (Query `T#`, consistent; the recount then Queries `A#` projected to status and `readBy`, and writes each differing counter on condition of its `version`)',
    },
    threadReaders: {
      pattern: 'threads a user has read in a document (user erasure)',
      pk: '`AK#<ak>#ORG#<org>#COMMENTS#DOC#<doc>`',
      sk: 'begins_with `A#`, filter `attribute_exists(readBy.<user>)`',
      operation: 'Query (filtered, projection `sk`), then conditional updates (100 a transaction)',
      usedBy: "user erasure (the user's `T#READ#<user>` counters list the documents)",
    },
  },
});
