import { notFound } from '../core/errors';
import type { AnnotationRef } from './ids';

/** NOT_FOUND for an annotation missing from its document. */
export const annotationMissing = (ref: AnnotationRef) =>
  notFound(`Annotation ${ref.annotationId} does not exist in document ${ref.documentId}.`);

/** NOT_FOUND for a comment missing from its annotation. */
export const commentMissing = (ref: AnnotationRef, commentId: string) =>
  notFound(`Comment ${commentId} does not exist in annotation ${ref.annotationId}.`);
