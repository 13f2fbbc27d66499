import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { epochMs } from './message-log-schemas';
import { endpointIdField } from './message-schemas';

/**
 * The schemas of recover (endpoints/recover, endpoints/recover/status; decisions §78): a task that
 * sends every dead message of one endpoint in a window again, run by the background-job queue.
 */

/** How far back a recover may reach (the contract's 14 days). */
export const recoverWindowMs = 14 * 24 * 60 * 60 * 1000;

export const recoverEndpointInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({ endpointId: endpointIdField, since: epochMs, until: z.optional(epochMs) }).check(
    z.refine((input) => input.until === undefined || input.until >= input.since, {
      message: 'must not be before since',
      path: ['until'],
    }),
  ),
);
export type RecoverEndpointInput = z.output<typeof recoverEndpointInput>;

export const recoverStatusInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    taskId: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
);
export type RecoverStatusInput = z.output<typeof recoverStatusInput>;

export const recoverStatuses = ['pending', 'in_progress', 'completed', 'failed'] as const;

/**
 * A recover task as stored (without keys). It first counts the window's dead messages (`phase`
 * `counting`: `total` grows), then sends them again oldest first (`sending`: `recovered` grows),
 * then ends (`sent`: only the completion is left); `cursor` is where the current pass goes on.
 */
export const recoverTask = /* @__PURE__ */ buildSchema(() =>
  z.object({
    taskId: z.string(),
    endpointId: z.string(),
    since: z.number(),
    until: z.number(),
    status: z.enum(recoverStatuses),
    total: z.int().check(z.nonnegative()),
    phase: z.enum(['counting', 'sending', 'sent']),
    recovered: z.int().check(z.nonnegative()),
    cursor: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    message: z.optional(z.string()),
    /** End of the task's lease (epoch ms) while it runs; past it the reconciler resumes it. */
    leaseUntil: z.optional(z.number()),
    /** Resumes by the reconciler since the worker last made progress. */
    resumes: z.optional(z.int().check(z.nonnegative())),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type RecoverTask = z.infer<typeof recoverTask>;

/** The message that runs a recover task on the background-job queue (`kind` tells it apart). */
export const recoverMessage = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    kind: z.literal('recover'),
    apiKey: z.string().check(z.minLength(1)),
    taskId: z.string().check(z.minLength(1)),
    sentAt: z.number(),
  }),
);
export type RecoverMessage = z.infer<typeof recoverMessage>;

/** endpoints/recover `data`. */
export const recoverStartedView = /* @__PURE__ */ buildSchema(() => z.object({ taskId: z.string() }));

/** endpoints/recover/status `data`. */
export const recoverStatusView = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      taskId: z.string(),
      status: z.enum(recoverStatuses),
      recovered: z.int(),
      total: z.int(),
    })
    .check(z.meta({ id: 'RecoverTask' })),
);
