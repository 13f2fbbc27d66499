import { pagedEraser } from '../plugins/eraser';
import { eraseCommentPage } from './repository';

/** Comment items per erasing batch of a document; listing entries (whole partitions) of an organization. */
const batchSize = 100;

/** Erases an organization's or a document's comment annotations, comments and reactions (deletion cascade). */
export const commentEraser = pagedEraser('comments', (scope, startKey) =>
  eraseCommentPage(scope, batchSize, startKey),
);
