/** The reference's words for the erasure domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { erasureContracts } from './contracts';

export const erasureReference = domainReference<typeof erasureContracts>()({
  operations: {
    'users.data.get':
      "Lists every record stored about the user (the right of access): memberships, grants, user-group places, inbox notifications, comments, reactions, activities, judgments and the CRDT edits the user's connections made; 100 items a page, every page but the last full. An unknown user has no items. After `users/data/delete` completes, nothing is left to list.",
  },
  fields: {
    'data.userId': 'The user whose data to list.',
    'result.data.userId': 'The user listed.',
    'data.organizationId':
      "Only the user's data in this organization; every organization of the API key when left out.",
    items: "This page of the user's records.",
    feature:
      'What kind of record: `membership`, `grant`, `group`, `notification`, `comment`, `reaction`, `activity`, `judgment` or `crdt`.',
    'items.organizationId': 'The organization the record belongs to.',
    'items.documentId': 'The document the record belongs to, for records of a document.',
    id: "The record's id: the resource's id for a membership or grant, the group id, the notification id, the comment id (also for a reaction on it), the activity id (also for its judgment), the editor id for CRDT edits.",
    record: 'The record as stored, without internal keys.',
  },
});
