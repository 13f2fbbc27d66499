/** The reference's words for the comments domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { commentsContracts } from './contracts';

const events =
  'Publishes its webhook event and, when the activity config has the trigger on, records an activity, in the same transaction as the change.';
const verified =
  'With `verifyUserPermissions` the acting user must have access to the document, and write access for a change (viewers may not write); otherwise the item is refused with `PERMISSION_DENIED`.';
const statuses =
  '`open` (the default for a new thread), `in_progress`, `resolved` or `closed`; `resolved` and `closed` count as done.';

export const commentsReference = domainReference<typeof commentsContracts>()({
  operations: {
    'commentannotations.add': `Creates comment threads (annotations) on a document, each with its first comments (at most 20 threads of 10 comments a call). Each thread, with its comments, events and activities, is written in one transaction: one thread can fail (per item) while the others succeed. An existing \`annotationId\` fails its item. ${events} ${verified} A missing organization or document is \`NOT_FOUND\` unless \`createOrganization\` / \`createDocument\`.`,
    'commentannotations.get':
      "With `documentId`: the document's threads with all their comments (oldest first), whole threads per page. With `annotationIds`: those threads, wherever they are in the organization. One of the two is required.",
    'commentannotations.update': `Changes a thread's status, priority or assignee, or decides a suggestion; at least one of them. A suggestion is decided once: deciding it again is \`FAILED_PRECONDITION\`. Each change publishes its own event (\`comment_annotation.status_change\`, \`.priority_change\`, \`.assign\`, \`.suggestion_accept\` / \`.suggestion_reject\`); changes to the same thread from two callers never overwrite each other. ${verified} An unknown thread is \`NOT_FOUND\`. Answers the thread after the change.`,
    'commentannotations.delete': `Deletes threads with all their comments and reactions; an unknown thread fails per item. Publishes \`comment_annotation.delete\` for each. ${verified}`,
    'commentannotations.comments.add': `Adds comments to a thread, answering their ids. Replies racing each other all land. ${events} ${verified} An unknown thread is \`NOT_FOUND\`.`,
    'commentannotations.comments.update': `Changes a comment's text or HTML (at least one). ${events} ${verified} An unknown thread or comment is \`NOT_FOUND\`.`,
    'commentannotations.comments.delete': `Deletes comments of a thread with their reactions; a missing id fails per item. ${events} ${verified}`,
    'commentannotations.reactions.add': `Adds the user's reaction (an icon, such as an emoji) to a comment; adding the same icon twice changes nothing. A 👍 or 👎 also records a review judgment. ${events} An unknown thread or comment is \`NOT_FOUND\`.`,
    'commentannotations.reactions.delete': `Removes the user's reaction with that icon from a comment. ${events} An unknown thread or comment is \`NOT_FOUND\`.`,
    'commentannotations.count':
      'Per document (at most 100): its threads (`total`), those not `resolved` or `closed` (`open`) and, with `userId`, those with a comment the user has not read (`unread`), whatever their status. Counts are kept by the writes themselves, so this is one read however many threads there are. A thread is read for its author up to their comment; a new comment makes it unread for everyone else who had read it.',
    'commentannotations.read.update':
      'Marks threads of a document read (up to their newest comment) or unread for one user; a thread already so changes nothing. An unknown thread fails per item. A thread that gets a new comment while it is marked is marked as it is after that comment.',
  },
  fields: {
    verifyUserPermissions:
      "Check the acting user's access to the document with the same rules as a permission lookup (your permission provider included); viewers may not write. Default false.",
    commentAnnotations: 'The threads to create, at most 20, each with its first comments.',
    'data.annotationId': 'The thread.',
    'commentAnnotations.annotationId':
      'Your id for the thread (not containing `:`); generated when left out. An id that exists fails this thread.',
    annotationId: 'The thread id.',
    annotationIds: 'The threads, at most 30.',
    'commentAnnotations.type':
      'A plain `comment` thread (the default) or a `suggestion`, which can be accepted or rejected once.',
    type: '`comment` or `suggestion`.',
    'commentAnnotations.status': `The thread's status: ${statuses}`,
    'data.status': `The new status: ${statuses}`,
    'Annotation.status': `The thread's status: ${statuses}`,
    'commentannotations.get: result.data.status': `The thread's status: ${statuses}`,
    'commentannotations.add: result.data.status':
      'Why the thread was refused: `PERMISSION_DENIED`; present only then.',
    priority: '`low`, `medium`, `high` or `urgent`; none when not given.',
    assignedTo: 'The user the thread is assigned to.',
    'data.assignedTo': 'The user to assign the thread to, or null to unassign it.',
    context:
      'Your own data about where the thread sits (a text range, a page element, ...), stored and answered as given; at most 16 KB of JSON.',
    commentData: 'The comments to add, at most 10, in order.',
    commentId: 'The comment.',
    'commentData.commentId': 'Your id for the comment; generated when left out.',
    'Comment.commentId': 'The comment id.',
    commentText: 'The comment as plain text (at most 10,000 characters).',
    commentHtml: 'The comment as HTML (at most 20,000 characters), for editors that show formatting.',
    from: 'Who wrote the comment.',
    taggedUserContacts:
      'The users mentioned in the comment (at most 100); with `triggerNotification` they are notified.',
    'taggedUserContacts.userId': 'The mentioned user.',
    contact: "The mentioned user's profile, as your app shows it.",
    text: 'The text of the mention as written in the comment, such as `@Alice`.',
    agent: 'The AI agent that wrote the comment or acted; its judgments are then `judgeType: agent`.',
    agentId: "The agent's id.",
    'agent.name': "The agent's name.",
    model: 'The model the agent ran on.',
    confidence: 'How sure the agent was, from 0 to 1.',
    triggerNotification:
      'Notify the mentioned users and the assignee in their inbox (not the author). Default false, so imports notify no one.',
    triggerActivities:
      'Record an activity for this comment when the activity config says so. Default true; false for bulk imports.',
    actionUser:
      'Who makes the change: checked with `verifyUserPermissions`, named in the event and activity.',
    'commentannotations.delete: data.actionUser': 'Who deletes; required with `verifyUserPermissions`.',
    'commentannotations.comments.delete: data.actionUser':
      'Who deletes; required with `verifyUserPermissions`.',
    suggestionDecision: 'The decision on a suggestion: `accept` or `reject`; a suggestion is decided once.',
    'result.data.success': 'Whether the thread was created.',
    'result.data.message': 'What happened to the thread, for people to read.',
    'result.data.commentIds': 'The ids of its comments, in order.',
    commentIds: 'The comments to delete, at most 10.',
    comments: 'Its comments, oldest first.',
    createdBy: 'Who created the thread (the author of its first comment).',
    createdAt: 'When it was created, epoch milliseconds.',
    lastUpdated: 'When it last changed, epoch milliseconds.',
    'Annotation.organizationId': 'The organization of the thread.',
    'Annotation.documentId': 'The document of the thread.',
    'result.data.organizationId': 'The organization of the thread.',
    'result.data.documentId': 'The document of the thread.',
    'Comment.annotationId': 'The thread the comment belongs to.',
    reactions: "The comment's reactions, one per icon and user.",
    icon: 'The reaction, such as an emoji (at most 64 characters).',
    user: 'Who reacted.',
    'reactions.createdAt': 'When the reaction was added, epoch milliseconds.',
    name: "The user's name.",
    documentIds: 'The documents to count, at most 100.',
    'commentannotations.count: data.userId':
      'Count, besides, the threads with a comment this user has not read (`unread`).',
    'commentannotations.read.update: data.userId': 'The user whose read state changes.',
    'commentannotations.read.update: data.annotationIds': 'The threads, at most 100.',
    read: 'True marks the threads read up to their newest comment, false unread.',
    total: 'How many threads the document holds.',
    open: 'How many of them are not `resolved` or `closed`.',
    unread: 'How many of them have a comment the user has not read (with `userId` only).',
  },
});
