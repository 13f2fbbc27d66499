import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { resourceId } from '../http/common-schemas';
import { annotationId } from './schemas';

/** Documents per commentannotations/count call: their counters are read in one round trip. */
export const maxDocumentsPerCount = 100;

/** Threads per commentannotations/read/update call: one transaction each, all in parallel. */
export const maxThreadsPerReadUpdate = 100;

export const countThreadsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    documentIds: z.array(resourceId).check(z.minLength(1), z.maxLength(maxDocumentsPerCount)),
    userId: z.optional(resourceId),
  }),
);
export type CountThreads = z.output<typeof countThreadsInput>;

/** commentannotations/count `data`: per document, its threads, those open and (with a user) those unread. */
export const threadCountsView = /* @__PURE__ */ buildSchema(() =>
  z.record(z.string(), z.object({ total: z.number(), open: z.number(), unread: z.optional(z.number()) })),
);

export const updateReadStateInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    documentId: resourceId,
    userId: resourceId,
    annotationIds: z.array(annotationId).check(z.minLength(1), z.maxLength(maxThreadsPerReadUpdate)),
    read: z.boolean(),
  }),
);
export type UpdateReadState = z.output<typeof updateReadStateInput>;
