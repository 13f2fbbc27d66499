import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite, type TransactItem, transactionLimit } from '../db/batch';
import { db, tableName } from '../db/client';
import { applyConditionalUpdates, type ConditionalUpdate, setIfExists } from '../db/conditional-updates';
import { accessPatterns, entities } from '../db/entities';
import { type ErasedPage, type EraseScope, eraseDocumentPartitions } from '../db/erase';
import { keys } from '../db/keys';
import { queryAll, withoutKeys } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import { ApiError } from '../http/errors';
import { deletedUserStub, stubbedFields } from '../lifecycle/profile-stub';
import {
  type AnnotationRecord,
  annotationRecord,
  type CommentRecord,
  commentRecord,
  type Thread,
} from './schemas';
import { commentRemovals, reactionChange } from './write-items';

type Item = Record<string, unknown>;

/** Identifies one thread: the document partition it lives in and its annotation id. */
export interface ThreadRef {
  organizationId: string;
  documentId: string;
  annotationId: string;
}

const parseAnnotation = (item: Item): AnnotationRecord => annotationRecord.parse(withoutKeys(item));
const parseComment = (item: Item): CommentRecord => commentRecord.parse(withoutKeys(item));

/** Transactions cancelled by a concurrent transaction on the same items are retried this often. */
const maxConflictRetries = 6;

/**
 * Runs one transaction (at most 100 items). Returns undefined when it committed, or the per-item
 * cancellation reasons when a condition failed; a cancellation caused only by a concurrent
 * transaction on the same items (two replies racing on a thread) is retried with jitter first.
 */
export async function commit(items: readonly TransactItem[]): Promise<string[] | undefined> {
  if (items.length > transactionLimit) throw new Error(`transaction of ${items.length} items`);
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: [...items] }));
      return undefined;
    } catch (error) {
      const reasons = cancellationReasons(error);
      const conflictOnly =
        reasons?.some((reason) => reason === 'TransactionConflict') &&
        !reasons.some((reason) => reason === 'ConditionalCheckFailed');
      if (!reasons || (conflictOnly && attempt >= maxConflictRetries)) {
        if (conflictOnly) throw new ApiError('ABORTED', 'The thread is being changed concurrently; retry.');
        throw error;
      }
      if (!conflictOnly) return reasons;
      await new Promise((pause) => setTimeout(pause, Math.random() * 20 * 2 ** attempt));
    }
  }
}

/** Groups a thread-ordered run of items (thread item, then its comments) into threads. */
function threadsOf(items: readonly Item[]): Thread[] {
  const threads: Thread[] = [];
  for (const item of items) {
    if (item.entity === entities.commentAnnotation.name)
      threads.push({ annotation: parseAnnotation(item), comments: [] });
    else if (item.entity === entities.comment.name) {
      const current = threads.at(-1);
      // A comment whose thread item is missing (a delete cut short) belongs to no thread.
      if (current && current.annotation.annotationId === item.annotationId)
        current.comments.push(parseComment(item));
    }
  }
  for (const thread of threads)
    thread.comments.sort((a, b) => a.createdAt - b.createdAt || (a.commentId < b.commentId ? -1 : 1));
  return threads;
}

/** One thread with every comment (one Query; consistent, as updates read it to decide). */
export async function findThread(apiKey: string, ref: ThreadRef): Promise<Thread | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.commentsPartition(apiKey, ref.organizationId, ref.documentId),
      ':prefix': keys.commentThreadPrefix(ref.annotationId),
    },
    ConsistentRead: true,
  });
  return threadsOf(items)[0];
}

/** A thread's own item, strongly consistent (one GetItem): updates decide on it under a version check. */
export async function findAnnotation(apiKey: string, ref: ThreadRef): Promise<AnnotationRecord | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.commentThread(apiKey, ref.organizationId, ref.documentId, ref.annotationId),
      ConsistentRead: true,
    }),
  );
  return output.Item && parseAnnotation(output.Item);
}

/** A thread's own item and some of its comments, in one BatchGet (strongly consistent reads are not offered). */
export async function findThreadParts(apiKey: string, ref: ThreadRef, commentIds: readonly string[]) {
  const items = await batchGet([
    keys.commentThread(apiKey, ref.organizationId, ref.documentId, ref.annotationId),
    ...commentIds.map((id) => keys.comment(apiKey, ref, id)),
  ]);
  const thread = items.find((item) => item.entity === entities.commentAnnotation.name);
  return {
    annotation: thread && parseAnnotation(thread),
    comments: new Map(
      items
        .filter((item) => item.entity === entities.comment.name)
        .map(parseComment)
        .map((comment) => [comment.commentId, comment]),
    ),
  };
}

/** Threads of an organization by annotation id, from every document (one Query on gsi1 per id, in parallel). */
export async function findThreadsById(
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
        // A re-created document's old threads stay listed until its erasure: only the partition
        // the key builders give now is its current incarnation (decisions §46).
        threadsOf(
          items.filter(
            (item) => item.pk === keys.commentsPartition(apiKey, organizationId, item.documentId as string),
          ),
        ),
      ),
    ),
  );
  return perId.flat();
}

/** Threads of one document by annotation id (one Query per id, in parallel). */
export async function findDocumentThreads(
  apiKey: string,
  scope: { organizationId: string; documentId: string },
  annotationIds: readonly string[],
) {
  const threads = await Promise.all(
    annotationIds.map((annotationId) => findThread(apiKey, { ...scope, annotationId })),
  );
  return threads.filter((thread): thread is Thread => thread !== undefined);
}

/** Items read by a thread page's first Query: enough for pages of threads with about ten comments each. */
const itemsPerThreadEstimate = 10;

/**
 * One page of a document's threads, `pageSize` whole threads with all their comments, in
 * annotation-id order. The partition is read in sort-key order, where each thread's item is
 * followed by its comments; the page ends just before the thread item after the `pageSize`-th, so a
 * page boundary never splits a thread. Usually one Query (Limit `pageSize × 10 + 1` items); further
 * Queries (of up to 1,000 items) only while the page's threads hold more comments than that.
 * Returns the key to continue after.
 */
export async function threadPage(
  apiKey: string,
  scope: { organizationId: string; documentId: string },
  pageSize: number,
  startKey: Item | undefined,
): Promise<{ threads: Thread[]; nextKey?: Item }> {
  const taken: Item[] = [];
  let heads = 0;
  let cursor = startKey;
  for (let limit = pageSize * itemsPerThreadEstimate + 1; ; limit = 1000) {
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
          return { threads: threadsOf(taken), nextKey: { pk: last.pk, sk: last.sk } };
        }
        heads += 1;
      }
      taken.push(item);
    }
    cursor = output.LastEvaluatedKey;
    if (!cursor) return { threads: threadsOf(taken) };
  }
}

/**
 * Ids of the comments still stored under a thread (one strongly consistent Query of its keys):
 * after a thread's own item is deleted, a reply that committed just before it is found here.
 */
export async function storedCommentIds(apiKey: string, ref: ThreadRef): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.commentsPartition(apiKey, ref.organizationId, ref.documentId),
      ':prefix': keys.commentThreadPrefix(ref.annotationId),
    },
    ProjectionExpression: 'entity, commentId',
    ConsistentRead: true,
  });
  return items
    .filter((item) => item.entity === entities.comment.name)
    .map((item) => item.commentId as string);
}

/**
 * Deletes a thread's comments in transactions of up to 100 (unconditional), before its own item
 * and event, so an interrupted delete leaves the thread in place and can be repeated.
 */
export async function deleteCommentItems(apiKey: string, ref: ThreadRef, commentIds: readonly string[]) {
  for (let index = 0; index < commentIds.length; index += transactionLimit) {
    const chunk = commentIds.slice(index, index + transactionLimit);
    await commit(commentRemovals(apiKey, ref, chunk));
  }
}

/** Whether a document has any comment thread (one Query with `Limit: 1`): migration's target check. */
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
 * `to` (partition, gsi1 sort key, the thread's `documentId`), then one deleting the originals — so
 * an interrupted batch leaves copies that the next one simply writes again. Sort keys are kept,
 * so threads stay whole and in order. Returns how many moved and whether more remain.
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
      ...(item.gsi1pk !== undefined && keys.commentThreadListing(apiKey, target, item.sk as string)),
      // Threads carry their document id, and so do comments written since users/data/get exists.
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
 * organization, the partitions named by a page of its thread listing (gsi2), each whole.
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

/**
 * Erases one comment of a user (their data's erasure, addendum §10): the comment item is deleted;
 * a thread left with no comment is deleted too, otherwise the user's profile copies on the thread
 * (participant, creator, assignee) and in the other comments' tagged contacts become the "Deleted
 * user" stub. One DeleteItem, one consistent Query of the thread, then one DeleteItem, or one
 * TransactWriteItems of the stubbing updates when there are any.
 */
export async function eraseUserComment(apiKey: string, comment: Item, userId: string): Promise<void> {
  const ref: ThreadRef = {
    organizationId: comment.organizationId as string,
    documentId: comment.documentId as string,
    annotationId: comment.annotationId as string,
  };
  await batchWrite([{ delete: { pk: comment.pk as string, sk: comment.sk as string } }]);
  const thread = await findThread(apiKey, ref);
  if (!thread) return;
  const threadKey = keys.commentThread(apiKey, ref.organizationId, ref.documentId, ref.annotationId);
  if (thread.comments.length === 0) {
    await batchWrite([{ delete: threadKey }]);
    return;
  }
  const { annotation } = thread;
  const stub = deletedUserStub(userId);
  // Participants are stubbed by path: a reply adding another participant meanwhile is kept.
  const sets = [
    ...(annotation.participants[userId] ? ['participants.#user = :stub'] : []),
    ...(annotation.createdBy.userId === userId ? ['createdBy = :stub'] : []),
    ...(annotation.assignedTo?.userId === userId ? ['assignedTo = :stub'] : []),
  ];
  const threadUpdate: ConditionalUpdate = {
    Key: threadKey,
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ...(annotation.participants[userId] && { ExpressionAttributeNames: { '#user': userId } }),
    ExpressionAttributeValues: { ':stub': stub },
  };
  const commentUpdates = thread.comments.flatMap((other) => {
    const fields = stubbedFields({ taggedUserContacts: other.taggedUserContacts }, userId);
    return Object.keys(fields).length > 0
      ? [setIfExists(keys.comment(apiKey, ref, other.commentId), fields)]
      : [];
  });
  await applyConditionalUpdates([...(sets.length > 0 ? [threadUpdate] : []), ...commentUpdates]);
}

/**
 * Takes one of a user's reactions off its comment (their data's erasure): the map entry and its
 * index item in one transaction; when the reaction is gone already (the comment was deleted), only
 * the index item is deleted. True when a reaction was removed.
 */
export async function eraseUserReaction(apiKey: string, reaction: Item): Promise<boolean> {
  const ref: ThreadRef = {
    organizationId: reaction.organizationId as string,
    documentId: reaction.documentId as string,
    annotationId: reaction.annotationId as string,
  };
  const [change, index] = reactionChange(
    apiKey,
    ref,
    reaction.commentId as string,
    { icon: reaction.icon as string, userId: reaction.userId as string },
    undefined,
  ) as [TransactItem, TransactItem];
  const refused = await commit([change, index]);
  if (refused) await batchWrite([{ delete: { pk: reaction.pk as string, sk: reaction.sk as string } }]);
  return refused === undefined;
}
