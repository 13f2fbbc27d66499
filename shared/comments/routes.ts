/**
 * The comments domain's routes (`commentannotations.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/comments/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const commentsRoutes = domainRoutes('comments', [
  {
    name: 'commentannotations.add',
    path: '/v2/commentannotations/add',
    db: 'read-write',
    summary:
      'Add comment threads with their first comments; each thread, its comments, events and activities are one transaction.',
  },
  {
    name: 'commentannotations.get',
    path: '/v2/commentannotations/get',
    db: 'read',
    summary:
      "A document's threads with their comments (whole threads per page), or threads by annotation id.",
  },
  {
    name: 'commentannotations.update',
    path: '/v2/commentannotations/update',
    db: 'read-write',
    summary:
      "Change a thread's status, priority or assignee, or decide a suggestion once; one event per change.",
  },
  {
    name: 'commentannotations.delete',
    path: '/v2/commentannotations/delete',
    db: 'read-write',
    summary: 'Delete threads with all their comments.',
  },
  {
    name: 'commentannotations.comments.add',
    path: '/v2/commentannotations/comments/add',
    db: 'read-write',
    summary: 'Reply in a thread; replies racing each other all land.',
  },
  {
    name: 'commentannotations.comments.update',
    path: '/v2/commentannotations/comments/update',
    db: 'read-write',
    summary: "Change a comment's text or HTML.",
  },
  {
    name: 'commentannotations.comments.delete',
    path: '/v2/commentannotations/comments/delete',
    db: 'read-write',
    summary: 'Delete comments of a thread; missing ids fail per item.',
  },
  {
    name: 'commentannotations.reactions.add',
    path: '/v2/commentannotations/reactions/add',
    db: 'read-write',
    summary: "Add a user's reaction (an icon) to a comment.",
  },
  {
    name: 'commentannotations.reactions.delete',
    path: '/v2/commentannotations/reactions/delete',
    db: 'read-write',
    summary: "Remove a user's reaction from a comment.",
  },
  {
    name: 'commentannotations.count',
    path: '/v2/commentannotations/count',
    db: 'read',
    summary: "Documents' threads, open threads and a user's unread threads (one read for 100 documents).",
  },
  {
    name: 'commentannotations.read.update',
    path: '/v2/commentannotations/read/update',
    db: 'read-write',
    summary: 'Mark threads read (up to their newest comment) or unread for a user.',
  },
]);
