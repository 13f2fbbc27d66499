import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { incarnationMap } from '../db/incarnations';
import { resourceId } from '../http/common-schemas';

/** The states of an erasure job, as of a migration: pending → in_progress → completed. */
export const eraseStatuses = ['pending', 'in_progress', 'completed', 'failed'] as const;

/**
 * An organization (no `documentId`) or one of its documents, whose records a job erases, with the
 * incarnations (shared/db/incarnations.ts) of the organization and its documents at the deletion:
 * the job builds its keys in them, so it erases exactly that incarnation. Absent: all 0.
 */
export const eraseTarget = /* @__PURE__ */ buildSchema(() =>
  z.object({
    organizationId: z.string(),
    documentId: z.optional(z.string()),
    incarnations: z.optional(incarnationMap),
  }),
);
export type EraseTarget = z.infer<typeof eraseTarget>;

/** An erasure job as stored (without keys): the deletion cascade of organizations or documents. */
export const eraseJob = /* @__PURE__ */ buildSchema(() =>
  z.object({
    jobId: z.string(),
    /**
     * What is erased: deleted organizations or documents (`targets`), or a user's data (`userId`,
     * within `organizationIds` or every organization).
     */
    kind: z.enum(['organization', 'document', 'user']),
    targets: z.array(eraseTarget),
    userId: z.optional(z.string()),
    organizationIds: z.optional(z.array(z.string())),
    status: z.enum(eraseStatuses),
    /** Records erased so far, per eraser (a crash between a batch and its count undercounts). */
    counts: z.record(z.string(), z.number()),
    message: z.optional(z.string()),
    /** End of the job's lease (epoch ms) while it runs; past it the reconciler resumes it. */
    leaseUntil: z.optional(z.number()),
    /** Resumes by the reconciler since the worker last erased a record. */
    resumes: z.optional(z.int().check(z.nonnegative())),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type EraseJob = z.infer<typeof eraseJob>;

/**
 * The message that runs an erasure job, on the `document-migration` queue (the background-job
 * queue; `kind` tells it from a migration's message).
 */
export const eraseMessage = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    kind: z.literal('erase'),
    apiKey: z.string().check(z.minLength(1)),
    jobId: z.string().check(z.minLength(1)),
    sentAt: z.number(),
  }),
);
export type EraseMessage = z.infer<typeof eraseMessage>;

/** users/data/delete input (addendum §10). */
export const deleteUserDataInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    userId: resourceId,
    organizationIds: z.optional(z.array(resourceId).check(z.minLength(1), z.maxLength(100))),
  }),
);
export type DeleteUserData = z.output<typeof deleteUserDataInput>;

/** users/data/delete/status input. */
export const userDataDeletionStatusInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    jobId: z.string().check(z.minLength(1), z.maxLength(128)),
  }),
);

/** users/data/delete `data`. */
export const startedUserErasure = /* @__PURE__ */ buildSchema(() => z.object({ jobId: z.string() }));

/** users/data/delete/status `data`: the job's state and records erased so far per eraser. */
export const userErasureStatusView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    jobId: z.string(),
    status: z.enum(eraseStatuses),
    counts: z.record(z.string(), z.number()),
    message: z.optional(z.string()),
  }),
);

/** Every feature of a user's data (addendum §10); a status shows each count from the first. */
export const userDataFeatures = [
  'membership',
  'grant',
  'group',
  'notification',
  'comment',
  'reaction',
  'activity',
  'judgment',
  'crdt',
] as const;
export type UserDataFeature = (typeof userDataFeatures)[number];
