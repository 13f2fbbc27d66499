/** One example call per route of the comments domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { acknowledged, alice, answer, bob, doc, ms, processed } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { commentsContracts } from './contracts';

const annotation = {
  annotationId: 'ann-1',
  ...doc,
  type: 'comment' as const,
  status: 'open' as const,
  createdBy: alice,
  createdAt: ms,
  lastUpdated: ms,
};
const reaction = { ...doc, annotationId: 'ann-1', commentId: 'c-1', icon: '👍', actionUser: bob };

export const commentsExamples = {
  'commentannotations.add': {
    request: {
      ...doc,
      commentAnnotations: [
        {
          annotationId: 'ann-1',
          commentData: [{ commentId: 'c-1', commentText: 'Typo in the title.', from: alice }],
        },
      ],
    },
    response: answer('Annotations processed.', {
      'ann-1': { success: true, annotationId: 'ann-1', commentIds: ['c-1'], message: 'Annotation added.' },
    }),
  },
  'commentannotations.get': {
    request: { ...doc, pageSize: 20 },
    response: answer('Annotations retrieved.', [
      {
        ...annotation,
        comments: [
          {
            commentId: 'c-1',
            annotationId: 'ann-1',
            commentText: 'Typo in the title.',
            from: alice,
            createdAt: ms,
            lastUpdated: ms,
            reactions: [{ icon: '👍', user: bob, createdAt: ms }],
          },
        ],
      },
    ]),
  },
  'commentannotations.update': {
    request: { ...doc, annotationId: 'ann-1', status: 'resolved', actionUser: alice },
    response: answer('Annotation updated.', { ...annotation, status: 'resolved' }),
  },
  'commentannotations.delete': {
    request: { ...doc, annotationIds: ['ann-1'], actionUser: alice },
    response: answer('Annotations processed.', {
      'ann-1': { success: true, message: 'Annotation deleted.' },
    }),
  },
  'commentannotations.comments.add': {
    request: { ...doc, annotationId: 'ann-1', commentData: [{ commentText: 'Fixed, thanks!', from: bob }] },
    response: answer('Comments added.', ['c-2']),
  },
  'commentannotations.comments.update': {
    request: {
      ...doc,
      annotationId: 'ann-1',
      commentId: 'c-2',
      commentText: 'Fixed in v2, thanks!',
      actionUser: bob,
    },
    response: acknowledged('Comment updated.'),
  },
  'commentannotations.comments.delete': {
    request: { ...doc, annotationId: 'ann-1', commentIds: ['c-2'], actionUser: bob },
    response: processed('Comments', 'Comment deleted.', 'c-2'),
  },
  'commentannotations.reactions.add': {
    request: reaction,
    response: acknowledged('Reaction added.'),
  },
  'commentannotations.reactions.delete': {
    request: reaction,
    response: acknowledged('Reaction removed.'),
  },
  'commentannotations.count': {
    request: { organizationId: doc.organizationId, documentIds: [doc.documentId, 'doc-2'], userId: 'bob' },
    response: answer('Comment annotation counts retrieved.', {
      [doc.documentId]: { total: 4, open: 3, unread: 1 },
      'doc-2': { total: 0, open: 0, unread: 0 },
    }),
  },
  'commentannotations.read.update': {
    request: { ...doc, userId: 'bob', annotationIds: ['ann-1', 'ann-9'], read: true },
    response: answer('Comment annotations processed.', {
      'ann-1': { success: true, message: 'Thread marked read.' },
      'ann-9': { success: false, message: 'Annotation ann-9 does not exist.' },
    }),
  },
} satisfies ExamplesOf<typeof commentsContracts>;
