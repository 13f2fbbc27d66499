import { randomBytes } from 'node:crypto';
import type { CommentUser } from './schemas';

/** Identifies one annotation: the document partition it lives in and its annotation id. */
export interface AnnotationRef {
  organizationId: string;
  documentId: string;
  annotationId: string;
}

/**
 * Service-chosen ids: the time in base 36 (fixed width) then 48 random bits, so generated
 * annotation ids list in creation order and never contain `:`.
 */
export function generateId(now: number): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

/** The annotation an input names, without its other fields. */
export const refOf = (input: AnnotationRef): AnnotationRef => ({
  organizationId: input.organizationId,
  documentId: input.documentId,
  annotationId: input.annotationId,
});

/** The acting user of a delete that names none (the contract's deletes carry no user). */
export const apiActor: CommentUser = { userId: 'api', name: 'API' };
