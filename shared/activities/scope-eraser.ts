import { nowMs } from '../core/clock';
import { pagedEraser } from '../plugins/eraser';
import { eraseActivityPage } from './repository';

/** Activities per erasing batch: one Query, then 4 deletes or tombstones each (activity, judgment, vectors). */
const batchSize = 100;

/** Erases an organization's or a document's activity records, with their judgments (deletion cascade). */
export const activityEraser = pagedEraser('activities', (scope, startKey) =>
  eraseActivityPage(scope, batchSize, nowMs(), startKey),
);
