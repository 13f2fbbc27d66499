import type { AnnotationRecord, AnnotationWithComments, CommentRecord } from './schemas';

/**
 * Presenters: stored comment records as the API returns them (the shapes of `commentView`,
 * `annotationView` and `annotationWithCommentsView` in schemas.ts).
 */

/** A comment as returned: reactions as a list, oldest first; no bookkeeping fields. */
export function commentView(comment: CommentRecord) {
  const { reactions, version: _version, ...fields } = comment;
  return {
    ...fields,
    reactions: Object.values(reactions)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((reaction) => ({ icon: reaction.icon, user: reaction.user, createdAt: reaction.createdAt })),
  };
}

/** An annotation as returned, without bookkeeping (`participants`, `version`, read state). */
export function annotationView(annotation: AnnotationRecord) {
  const {
    participants: _participants,
    version: _version,
    commentSeq: _commentSeq,
    readBy: _readBy,
    readVersion: _readVersion,
    ...fields
  } = annotation;
  return fields;
}

/** An annotation as commentannotations/get returns it: with its comments, oldest first. */
export const annotationWithCommentsView = (found: AnnotationWithComments) => ({
  ...annotationView(found.annotation),
  comments: found.comments.map(commentView),
});
