import type { ItemKey } from '../key-parts';
import { documentSegment, encodeKeyPart, join, organizationPartition, separator } from '../key-parts';
import { defineArea } from './definition';

/** Comment threads of a document, their comments and reactions (issue 7). */
export const commentsArea = defineArea({
  entities: {
    commentAnnotation: { indexes: ['gsi1', 'gsi2'] },
    comment: { indexes: ['gsi1', 'gsi8'] },
    commentReaction: { indexes: ['gsi8'] },
    threadCounter: { indexes: ['gsi2'] },
    threadReadCounter: { indexes: ['gsi8'] },
  },
  accessPatterns: {
    threadsOfDocument: { index: 'table' },
    thread: { index: 'table' },
    threadItems: { index: 'table' },
    threadByAnnotation: { index: 'gsi1' },
    writeCommentChange: { index: 'table' },
    moveDocumentComments: { index: 'table' },
    userReaction: { index: ['table', 'gsi8'] },
    threadCounts: { index: 'table' },
    threadReaders: { index: 'table' },
  },
});

/** The keys of comment threads, comments, reactions and their listings. */
export const commentKeys = {
  /**
   * The partition of a document's comment threads: each thread's item (`A#<annotation>#A`) followed
   * by its comments (`A#<annotation>#C#<comment>`). Encoded ids never contain `#` and every encoded
   * character sorts after it, so one thread's items are contiguous and the thread item comes first:
   * a Query of the partition reads whole threads in annotation-id order.
   */
  commentsPartition: (apiKey: string, organizationId: string, documentId: string) =>
    join(
      organizationPartition(apiKey, organizationId),
      'COMMENTS',
      'DOC',
      documentSegment(organizationId, documentId),
    ),
  /** Sort-key prefix of every thread item and comment of a document. */
  commentsPrefix: 'A#',
  /** Sort-key prefix of one thread's items (its own item and its comments). */
  commentAnnotationPrefix: (annotationId: string) => `${join('A', encodeKeyPart(annotationId))}${separator}`,
  commentAnnotation: (
    apiKey: string,
    organizationId: string,
    documentId: string,
    annotationId: string,
  ): ItemKey => ({
    pk: commentKeys.commentsPartition(apiKey, organizationId, documentId),
    sk: join('A', encodeKeyPart(annotationId), 'A'),
  }),
  comment: (
    apiKey: string,
    thread: { organizationId: string; documentId: string; annotationId: string },
    commentId: string,
  ): ItemKey => ({
    pk: commentKeys.commentsPartition(apiKey, thread.organizationId, thread.documentId),
    sk: join('A', encodeKeyPart(thread.annotationId), 'C', encodeKeyPart(commentId)),
  }),
  /**
   * One user's reaction with one icon on a comment: an index item beside the comment's reaction map,
   * written in the same transaction, so the user's data (gsi8) finds it. Under the thread's prefix
   * (after its comments), so a migration moves it with the thread and a document's erasure with the
   * partition; thread readers skip its entity.
   */
  commentReaction: (
    apiKey: string,
    thread: { organizationId: string; documentId: string; annotationId: string },
    commentId: string,
    icon: string,
    userId: string,
  ): ItemKey => ({
    pk: commentKeys.commentsPartition(apiKey, thread.organizationId, thread.documentId),
    sk: join(
      'A',
      encodeKeyPart(thread.annotationId),
      'R',
      encodeKeyPart(commentId),
      encodeKeyPart(icon),
      encodeKeyPart(userId),
    ),
  }),
  /** Index keys (gsi1) that find a thread and its comments by annotation id alone, grouped by document. */
  commentAnnotationListing: (
    apiKey: string,
    thread: { organizationId: string; documentId: string; annotationId: string },
    sortKey: string,
  ) => ({
    gsi1pk: commentKeys.commentAnnotationPartition(apiKey, thread.organizationId, thread.annotationId),
    gsi1sk: join(documentSegment(thread.organizationId, thread.documentId), sortKey),
  }),
  commentAnnotationPartition: (apiKey: string, organizationId: string, annotationId: string) =>
    join(organizationPartition(apiKey, organizationId), 'COMMENTS', 'ANN', encodeKeyPart(annotationId)),
  /** Index keys (gsi2) listing an organization's comment partitions, one entry per thread item. */
  commentsOrganizationListing: (apiKey: string, organizationId: string, documentId: string) => ({
    gsi2pk: join(organizationPartition(apiKey, organizationId), 'COMMENTS'),
    gsi2sk: documentSegment(organizationId, documentId),
  }),
  commentsOrganizationListingPartition: (apiKey: string, organizationId: string) =>
    join(organizationPartition(apiKey, organizationId), 'COMMENTS'),
  /**
   * A document's thread counters (`total`, `open`, changed in the transactions that create, delete
   * and re-status threads), in its comment partition outside `A#`: thread Queries never meet it, a
   * document's erasure takes it with the partition, and one BatchGetItem reads it with a user's.
   */
  threadCounter: (apiKey: string, organizationId: string, documentId: string): ItemKey => ({
    pk: commentKeys.commentsPartition(apiKey, organizationId, documentId),
    sk: join('T', 'COUNT'),
  }),
  /**
   * How many of a document's threads one user has read up to their newest comment (`threadsRead`):
   * beside the document's counter, so a migration moves both with one Query of `T#`.
   */
  threadReadCounter: (
    apiKey: string,
    scope: { organizationId: string; documentId: string; userId: string },
  ): ItemKey => ({
    pk: commentKeys.commentsPartition(apiKey, scope.organizationId, scope.documentId),
    sk: join('T', 'READ', encodeKeyPart(scope.userId)),
  }),
  /** Sort-key prefix of a document's thread counters (the document's and every user's). */
  threadCountersPrefix: 'T#',
} as const;
