import { pagedEraser } from '../plugins/eraser';
import { eraseNotificationPage } from './repository';

/** Notifications per erasing batch (each with all its inbox entries). */
const batchSize = 25;

/** Erases an organization's or a document's notifications with every inbox entry (deletion cascade). */
export const notificationEraser = pagedEraser('notifications', (scope, startKey) =>
  eraseNotificationPage(scope, batchSize, startKey),
);
