import * as z from 'zod';
import { epochMs } from './message-log-schemas';
import { endpointIdField } from './message-schemas';

/**
 * The schemas of recover (endpoints/recover, endpoints/recover/status; decisions §78): a task that
 * sends every dead message of one endpoint in a window again, run by the background-job queue.
 */

/** How far back a recover may reach (the contract's 14 days). */
export const recoverWindowMs = 14 * 24 * 60 * 60 * 1000;

export const recoverEndpointInput = /* @__PURE__ */ z
  .object({ endpointId: endpointIdField, since: epochMs, until: epochMs.optional() })
  .strict()
  .refine((input) => input.until === undefined || input.until >= input.since, {
    message: 'must not be before since',
    path: ['until'],
  });
export type RecoverEndpointInput = z.output<typeof recoverEndpointInput>;

export const recoverStatusInput = /* @__PURE__ */ z.object({ taskId: z.string().min(1).max(64) }).strict();
export type RecoverStatusInput = z.output<typeof recoverStatusInput>;

export const recoverStatuses = ['pending', 'in_progress', 'completed', 'failed'] as const;

/**
 * A recover task as stored (without keys). It first counts the window's dead messages (`phase`
 * `counting`: `total` grows), then sends them again oldest first (`sending`: `recovered` grows),
 * then ends (`sent`: only the completion is left); `cursor` is where the current pass goes on.
 */
export const recoverTask = /* @__PURE__ */ z.object({
  taskId: z.string(),
  endpointId: z.string(),
  since: z.number(),
  until: z.number(),
  status: z.enum(recoverStatuses),
  total: z.number().int().nonnegative(),
  phase: z.enum(['counting', 'sending', 'sent']),
  recovered: z.number().int().nonnegative(),
  cursor: z.record(z.string(), z.unknown()).nullable().optional(),
  message: z.string().optional(),
  /** End of the task's lease (epoch ms) while it runs; past it the reconciler resumes it. */
  leaseUntil: z.number().optional(),
  /** Resumes by the reconciler since the worker last made progress. */
  resumes: z.number().int().nonnegative().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type RecoverTask = z.infer<typeof recoverTask>;

/** The message that runs a recover task on the background-job queue (`kind` tells it apart). */
export const recoverMessage = /* @__PURE__ */ z
  .object({
    kind: z.literal('recover'),
    apiKey: z.string().min(1),
    taskId: z.string().min(1),
    sentAt: z.number(),
  })
  .strict();
export type RecoverMessage = z.infer<typeof recoverMessage>;

/** endpoints/recover `data`. */
export const recoverStartedView = /* @__PURE__ */ z.object({ taskId: z.string() });

/** endpoints/recover/status `data`. */
export const recoverStatusView = /* @__PURE__ */ z
  .object({
    taskId: z.string(),
    status: z.enum(recoverStatuses),
    recovered: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'RecoverTask' });
