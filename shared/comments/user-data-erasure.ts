import { batchWrite, type TransactItem } from '../db/batch';
import { applyConditionalUpdates, type ConditionalUpdate, setIfExists } from '../db/conditional-updates';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';
import { deletedUserStub, stubbedFields } from '../plugins/profile-stub';
import type { AnnotationRef } from './ids';
import { removeThread } from './read-repository';
import { commit, findAnnotationWithComments } from './repository';
import { reactionChange } from './write-items';

/** The comments domain's part of a user's data erasure (shared/erasure/user-erasure.ts). */

type Item = Record<string, unknown>;

/**
 * Erases one comment of a user (their data's erasure, addendum §10): the comment item is deleted;
 * an annotation left with no comment is deleted too (with its counts), otherwise the user's profile copies on the annotation
 * (participant, creator, assignee) and in the other comments' tagged contacts become the "Deleted
 * user" stub. One DeleteItem, one consistent Query of the annotation, then one DeleteItem, or one
 * TransactWriteItems of the stubbing updates when there are any.
 */
export async function eraseUserComment(apiKey: string, comment: Item, userId: string): Promise<void> {
  const ref: AnnotationRef = {
    organizationId: comment.organizationId as string,
    documentId: comment.documentId as string,
    annotationId: comment.annotationId as string,
  };
  await batchWrite([{ delete: { pk: comment.pk as string, sk: comment.sk as string } }]);
  const withComments = await findAnnotationWithComments(apiKey, ref);
  if (!withComments) return;
  if (withComments.comments.length === 0) {
    await removeThread(apiKey, ref, withComments.annotation, []);
    return;
  }
  const annotationKey = keys.commentAnnotation(apiKey, ref.organizationId, ref.documentId, ref.annotationId);
  const { annotation } = withComments;
  const stub = deletedUserStub(userId);
  // Participants are stubbed by path: a reply adding another participant meanwhile is kept.
  const sets = [
    ...(annotation.participants[userId] ? ['participants.#user = :stub'] : []),
    ...(annotation.createdBy.userId === userId ? ['createdBy = :stub'] : []),
    ...(annotation.assignedTo?.userId === userId ? ['assignedTo = :stub'] : []),
  ];
  const annotationUpdate: ConditionalUpdate = {
    Key: annotationKey,
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ...(annotation.participants[userId] && { ExpressionAttributeNames: { '#user': userId } }),
    ExpressionAttributeValues: { ':stub': stub },
  };
  const commentUpdates = withComments.comments.flatMap((other) => {
    const fields = stubbedFields({ taggedUserContacts: other.taggedUserContacts }, userId);
    return Object.keys(fields).length > 0
      ? [setIfExists(keys.comment(apiKey, ref, other.commentId), fields)]
      : [];
  });
  await applyConditionalUpdates([...(sets.length > 0 ? [annotationUpdate] : []), ...commentUpdates]);
}

/**
 * Takes one of a user's reactions off its comment (their data's erasure): the map entry and its
 * index item in one transaction; when the reaction is gone already (the comment was deleted), only
 * the index item is deleted. True when a reaction was removed.
 */
export async function eraseUserReaction(apiKey: string, reaction: Item): Promise<boolean> {
  const ref: AnnotationRef = {
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

/**
 * Erases a user's read state in one document (their data's erasure), listed by their read counter
 * `counter`: each thread holding the user among its readers (one Query of the counter's partition,
 * filtered, projected) loses the entry (one conditional update each, in parallel, `readVersion`
 * moved so a reply that read the entry reads the thread again), then the counter goes.
 */
export async function eraseUserReadState(counter: Item): Promise<void> {
  const userId = counter.userId as string;
  // The counter sits in the partition of the threads it counts, whatever the document's incarnation now.
  const partition = counter.pk as string;
  const threads = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'entity = :entity AND attribute_exists(readBy.#user)',
    ProjectionExpression: 'sk',
    ExpressionAttributeNames: { '#user': userId },
    ExpressionAttributeValues: {
      ':pk': partition,
      ':prefix': keys.commentsPrefix,
      ':entity': entities.commentAnnotation.name,
    },
  });
  await applyConditionalUpdates(
    threads.map((thread) => ({
      Key: { pk: partition, sk: thread.sk as string },
      UpdateExpression: 'REMOVE readBy.#user ADD readVersion :one',
      // Refused when the entry is gone already (a new comment took it).
      ConditionExpression: 'attribute_exists(readBy.#user)',
      ExpressionAttributeNames: { '#user': userId },
      ExpressionAttributeValues: { ':one': 1 },
    })),
  );
  await batchWrite([{ delete: { pk: partition, sk: counter.sk as string } }]);
}
