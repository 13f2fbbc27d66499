import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '../core/errors';
import { batchGet, batchWrite, type TransactItem, transactionLimit } from '../db/batch';
import { db, tableName } from '../db/client';
import { accessPatterns, entities } from '../db/entities';
import { type ErasedPage, type EraseScope, eraseDocumentPartitions } from '../db/erase';
import { keys } from '../db/keys';
import { queryAll, withoutKeys } from '../db/query-page';
import { conflict, type RetryPolicy, retryOnConflict } from '../db/retry';
import { cancellationReasons } from '../db/transactions';
import type { AnnotationRef } from './ids';
import {
  type AnnotationRecord,
  type AnnotationWithComments,
  annotationRecord,
  type CommentRecord,
  commentRecord,
} from './schemas';
import { commentRemovals } from './write-items';

type Item = Record<string, unknown>;

const parseAnnotation = (item: Item): AnnotationRecord => annotationRecord.parse(withoutKeys(item));
const parseComment = (item: Item): CommentRecord => commentRecord.parse(withoutKeys(item));

/**
 * A transaction cancelled only by a concurrent transaction on the same items (two replies racing
 * on an annotation) is tried 7 times in all, with jittered back-off from 20 ms, uncapped.
 */
const transactionConflictRetry: RetryPolicy = { attempts: 7, backoff: { baseMs: 20, capMs: Infinity } };

/** Cancelled only by `TransactionConflict` (no condition failed): worth another attempt. */
const conflictOnly = (reasons: readonly string[]) =>
  reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');

/**
 * Runs one transaction (at most 100 items). Returns undefined when it committed, or the per-item
 * cancellation reasons when a condition failed; a cancellation caused only by a concurrent
 * transaction on the same items is retried (`transactionConflictRetry`), then ABORTED.
 */
export async function commit(items: readonly TransactItem[]): Promise<string[] | undefined> {
  if (items.length > transactionLimit) throw new Error(`transaction of ${items.length} items`);
  return retryOnConflict(
    transactionConflictRetry,
    async () => {
      try {
        await db().send(new TransactWriteCommand({ TransactItems: [...items] }));
        return undefined;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (!reasons) throw error;
        return conflictOnly(reasons) ? conflict : reasons;
      }
    },
    () => {
      throw new ApiError('ABORTED', 'The thread is being changed concurrently; retry.');
    },
  );
}

/** Groups an annotation-ordered run of items (annotation item, then its comments) into annotations. */
function annotationsOf(items: readonly Item[]): AnnotationWithComments[] {
  const annotations: AnnotationWithComments[] = [];
  let currentPartition: unknown;
  for (const item of items) {
    if (item.entity === entities.commentAnnotation.name) {
      annotations.push({ annotation: parseAnnotation(item), comments: [] });
      currentPartition = item.pk;
    } else if (item.entity === entities.comment.name) {
      const current = annotations.at(-1);
      // A comment whose annotation item is missing (a delete cut short, or an old incarnation's
      // left out) belongs to no annotation.
      if (current && current.annotation.annotationId === item.annotationId && item.pk === currentPartition)
        current.comments.push(parseComment(item));
    }
  }
  for (const withComments of annotations)
    withComments.comments.sort((a, b) => a.createdAt - b.createdAt || (a.commentId < b.commentId ? -1 : 1));
  return annotations;
}

/** One annotation with every comment (one Query; consistent, as updates read it to decide). */
export async function findAnnotationWithComments(
  apiKey: string,
  ref: AnnotationRef,
): Promise<AnnotationWithComments | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.commentsPartition(apiKey, ref.organizationId, ref.documentId),
      ':prefix': keys.commentAnnotationPrefix(ref.annotationId),
    },
    ConsistentRead: true,
  });
  return annotationsOf(items)[0];
}

/** An annotation's own item, strongly consistent (one GetItem): updates decide on it under a version check. */
export async function findAnnotation(
  apiKey: string,
  ref: AnnotationRef,
): Promise<AnnotationRecord | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.commentAnnotation(apiKey, ref.organizationId, ref.documentId, ref.annotationId),
      ConsistentRead: true,
    }),
  );
  return output.Item && parseAnnotation(output.Item);
}

/** An annotation's own item and some of its comments, in one BatchGet (strongly consistent reads are not offered). */
export async function findAnnotationParts(apiKey: string, ref: AnnotationRef, commentIds: readonly string[]) {
  const items = await batchGet([
    keys.commentAnnotation(apiKey, ref.organizationId, ref.documentId, ref.annotationId),
    ...commentIds.map((id) => keys.comment(apiKey, ref, id)),
  ]);
  const annotationItem = items.find((item) => item.entity === entities.commentAnnotation.name);
  return {
    annotation: annotationItem && parseAnnotation(annotationItem),
    comments: new Map(
      items
        .filter((item) => item.entity === entities.comment.name)
        .map(parseComment)
        .map((comment) => [comment.commentId, comment]),
    ),
  };
}

/** Annotations of an organization by annotation id, from every document (one Query on gsi1 per id, in parallel). */
export async function findAnnotationsById(
  apiKey: string,
  organizationId: string,
  annotationIds: readonly string[],
) {
  const perId = await Promise.all(
    annotationIds.map((annotationId) =>
      queryAll({
        IndexName: accessPatterns.threadByAnnotation.index,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: {
          ':pk': keys.commentAnnotationPartition(apiKey, organizationId, annotationId),
        },
      }).then((items) =>
        // A re-created document's old annotations stay listed until its erasure: only the partition
        // the key builders give now is its current incarnation (decisions §46). Annotation items
        // always name their document (comments only since §36), so they are the ones checked; their
        // comments follow them by partition.
        annotationsOf(
          items.filter(
            (item) =>
              item.entity !== entities.commentAnnotation.name ||
              item.pk === keys.commentsPartition(apiKey, organizationId, item.documentId as string),
          ),
        ),
      ),
    ),
  );
  return perId.flat();
}

/** Annotations of one document by annotation id (one Query per id, in parallel). */
export async function findDocumentAnnotations(
  apiKey: string,
  scope: { organizationId: string; documentId: string },
  annotationIds: readonly string[],
) {
  const annotations = await Promise.all(
    annotationIds.map((annotationId) => findAnnotationWithComments(apiKey, { ...scope, annotationId })),
  );
  return annotations.filter(
    (withComments): withComments is AnnotationWithComments => withComments !== undefined,
  );
}

/** Items read by an annotation page's first Query: enough for pages of annotations with about ten comments each. */
const itemsPerAnnotationEstimate = 10;

/**
 * One page of a document's annotations, `pageSize` whole annotations with all their comments, in
 * annotation-id order. The partition is read in sort-key order, where each annotation's item is
 * followed by its comments; the page ends just before the annotation item after the `pageSize`-th, so a
 * page boundary never splits an annotation. Usually one Query (Limit `pageSize × 10 + 1` items); further
 * Queries (of up to 1,000 items) only while the page's annotations hold more comments than that.
 * Returns the key to continue after.
 */
export async function annotationPage(
  apiKey: string,
  scope: { organizationId: string; documentId: string },
  pageSize: number,
  startKey: Item | undefined,
): Promise<{ annotations: AnnotationWithComments[]; nextKey?: Item }> {
  const taken: Item[] = [];
  let heads = 0;
  let cursor = startKey;
  for (let limit = pageSize * itemsPerAnnotationEstimate + 1; ; limit = 1000) {
    const output = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.commentsPartition(apiKey, scope.organizationId, scope.documentId),
          ':prefix': keys.commentsPrefix,
        },
        Limit: limit,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of output.Items ?? []) {
      if (item.entity === entities.commentAnnotation.name) {
        if (heads === pageSize) {
          const last = taken.at(-1) as Item;
          return { annotations: annotationsOf(taken), nextKey: { pk: last.pk, sk: last.sk } };
        }
        heads += 1;
      }
      taken.push(item);
    }
    cursor = output.LastEvaluatedKey;
    if (!cursor) return { annotations: annotationsOf(taken) };
  }
}

/**
 * Ids of the comments still stored under an annotation (one strongly consistent Query of its keys):
 * after an annotation's own item is deleted, a reply that committed just before it is found here.
 */
export async function storedCommentIds(apiKey: string, ref: AnnotationRef): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.commentsPartition(apiKey, ref.organizationId, ref.documentId),
      ':prefix': keys.commentAnnotationPrefix(ref.annotationId),
    },
    ProjectionExpression: 'entity, commentId',
    ConsistentRead: true,
  });
  return items
    .filter((item) => item.entity === entities.comment.name)
    .map((item) => item.commentId as string);
}

/**
 * Deletes an annotation's comments in transactions of up to 100 (unconditional), before its own item
 * and event, so an interrupted delete leaves the annotation in place and can be repeated.
 */
export async function deleteCommentItems(apiKey: string, ref: AnnotationRef, commentIds: readonly string[]) {
  for (let index = 0; index < commentIds.length; index += transactionLimit) {
    const chunk = commentIds.slice(index, index + transactionLimit);
    await commit(commentRemovals(apiKey, ref, chunk));
  }
}

/** Whether a document has any comment annotation (one Query with `Limit: 1`): migration's target check. */
export async function hasDocumentComments(apiKey: string, organizationId: string, documentId: string) {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.commentsPartition(apiKey, organizationId, documentId),
        ':prefix': keys.commentsPrefix,
      },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (output.Items ?? []).length > 0;
}

/**
 * Moves up to `limit` items of a document's comment partition to another document (migration):
 * one Query of the first items still under `from`, a BatchWriteItem of their copies re-keyed under
 * `to` (partition, gsi1 sort key, the annotation's `documentId`), then one deleting the originals — so
 * an interrupted batch leaves copies that the next one simply writes again. Sort keys are kept,
 * so annotations stay whole and in order. Returns how many moved and whether more remain.
 */
export async function moveDocumentComments(
  apiKey: string,
  organizationId: string,
  move: { from: string; to: string },
  limit: number,
): Promise<{ moved: number; more: boolean }> {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.commentsPartition(apiKey, organizationId, move.from),
        ':prefix': keys.commentsPrefix,
      },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  const items = output.Items ?? [];
  const copies = items.map((item) => {
    const annotationId = item.annotationId as string;
    const target = { organizationId, documentId: move.to, annotationId };
    return {
      ...item,
      pk: keys.commentsPartition(apiKey, organizationId, move.to),
      // Reactions' index items are not listed by annotation id.
      ...(item.gsi1pk !== undefined && keys.commentAnnotationListing(apiKey, target, item.sk as string)),
      // Annotations carry their document id, and so do comments written since users/data/get exists.
      ...((item.entity === entities.commentAnnotation.name || item.documentId !== undefined) && {
        documentId: move.to,
      }),
    };
  });
  await batchWrite(copies.map((put) => ({ put })));
  await batchWrite(items.map((item) => ({ delete: { pk: item.pk as string, sk: item.sk as string } })));
  return { moved: items.length, more: output.LastEvaluatedKey !== undefined };
}

/**
 * Erases one page of comment items: a document's partition (up to `limit` items), or for an
 * organization, the partitions named by a page of its annotation listing (gsi2), each whole.
 */
export function eraseCommentPage(scope: EraseScope, limit: number, startKey?: Item): Promise<ErasedPage> {
  const { apiKey, organizationId, documentId } = scope;
  return eraseDocumentPartitions(
    documentId === undefined
      ? { listing: keys.commentsOrganizationListingPartition(apiKey, organizationId) }
      : { partition: keys.commentsPartition(apiKey, organizationId, documentId) },
    limit,
    startKey,
  );
}
