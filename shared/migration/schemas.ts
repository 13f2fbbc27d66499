import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { incarnationMap } from '../db/incarnations';
import { resourceId } from '../http/common-schemas';

/** organizations.documents.migrate (addendum §6): a document's records move to `newDocumentId`. */
export const migrateDocumentInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({ organizationId: resourceId, documentId: resourceId, newDocumentId: resourceId }).check(
    z.refine((value) => value.newDocumentId !== value.documentId, {
      message: 'must differ from documentId',
      path: ['newDocumentId'],
    }),
  ),
);
export type MigrateDocument = z.output<typeof migrateDocumentInput>;

/** organizations.documents.migrate.status (base #25). */
export const migrationStatusInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    migrationId: z.string().check(z.minLength(1), z.maxLength(128)),
  }),
);
export type MigrationStatusQuery = z.output<typeof migrationStatusInput>;

/** The states of base #25: pending → in_progress → completed | failed. */
export const migrationStatuses = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type MigrationStatus = (typeof migrationStatuses)[number];

/**
 * Incarnations of the organization and its documents when the job started (shared/db/incarnations.ts),
 * on the job and on its queue message: the job builds its keys in them. Absent: all 0.
 */
const jobIncarnations = /* @__PURE__ */ buildSchema(() => z.optional(incarnationMap));

/** A migration job as stored (without keys). */
export const migrationJob = /* @__PURE__ */ buildSchema(() =>
  z.object({
    migrationId: z.string(),
    organizationId: z.string(),
    documentId: z.string(),
    newDocumentId: z.string(),
    status: z.enum(migrationStatuses),
    message: z.optional(z.string()),
    /**
     * End of the job's lease (epoch ms) while it is `pending` or `in_progress`: the worker renews it as
     * it makes progress; past it, the reconciler resumes the job (shared/migration/reconcile.ts).
     */
    leaseUntil: z.optional(z.number()),
    /** Resumes by the reconciler since the worker last moved a record (or claimed the job). */
    resumes: z.optional(z.int().check(z.nonnegative())),
    /**
     * Records moved so far per domain (mover name), as last recorded by the worker: every few seconds
     * while it moves, at each hand-over and at completion (decisions §38). Absent before the first.
     */
    moved: z.optional(z.record(z.string(), z.int().check(z.nonnegative()))),
    incarnations: jobIncarnations,
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type MigrationJob = z.infer<typeof migrationJob>;

/**
 * The message on the `document-migration` queue: which job to run (the job item holds the rest),
 * and when the message was first sent (the job is written just after it; see the service).
 */
export const migrationMessage = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    apiKey: z.string().check(z.minLength(1)),
    organizationId: z.string().check(z.minLength(1)),
    migrationId: z.string().check(z.minLength(1)),
    sentAt: z.number(),
    incarnations: jobIncarnations,
  }),
);
export type MigrationMessage = z.infer<typeof migrationMessage>;

/** organizations/documents/migrate `data`. */
export const startedMigration = /* @__PURE__ */ buildSchema(() => z.object({ migrationId: z.string() }));

/** organizations/documents/migrate/status `data`. */
export const migrationStatusView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    migrationId: z.string(),
    status: z.enum(migrationStatuses),
    message: z.optional(z.string()),
    moved: z.record(z.string(), z.int().check(z.nonnegative())),
  }),
);
