import * as z from 'zod';
import { resourceId } from '../http/common-schemas';
import { annotationId } from './schemas';

/** Documents per commentannotations/count call: their counters are read in one round trip. */
export const maxDocumentsPerCount = 100;

/** Threads per commentannotations/read/update call: one transaction each, all in parallel. */
export const maxThreadsPerReadUpdate = 100;

export const countThreadsInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    documentIds: z.array(resourceId).min(1).max(maxDocumentsPerCount),
    userId: resourceId.optional(),
  })
  .strict();
export type CountThreads = z.output<typeof countThreadsInput>;

/** commentannotations/count `data`: per document, its threads, those open and (with a user) those unread. */
export const threadCountsView = /* @__PURE__ */ z.record(
  z.string(),
  z.object({ total: z.number(), open: z.number(), unread: z.number().optional() }),
);

export const updateReadStateInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    documentId: resourceId,
    userId: resourceId,
    annotationIds: z.array(annotationId).min(1).max(maxThreadsPerReadUpdate),
    read: z.boolean(),
  })
  .strict();
export type UpdateReadState = z.output<typeof updateReadStateInput>;
