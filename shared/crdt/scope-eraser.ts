import { pagedEraser } from '../plugins/eraser';
import { eraseContentPage } from './repository';

/** CRDT items per erasing batch of a document; editor heads (whole partitions) of an organization. */
const batchSize = 25;

/** Erases an organization's or a document's CRDT content (deletion cascade). */
export const crdtEraser = pagedEraser('crdt', (scope, startKey) =>
  eraseContentPage(scope, batchSize, startKey),
);
