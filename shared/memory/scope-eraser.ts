import { nowMs } from '../core/clock';
import { pagedEraser } from '../plugins/eraser';
import { eraseJudgmentPage } from './repository';

/** Judgments per erasing batch: one Query, then a delete and two vector tombstones each. */
const batchSize = 100;

/** Erases an organization's or a document's judgments and vectors left after their activities (deletion cascade). */
export const judgmentEraser = pagedEraser('judgments', (scope, startKey) =>
  eraseJudgmentPage(scope, batchSize, nowMs(), startKey),
);
