import * as z from 'zod';
import { changeById, pageToken, resourceId, uniqueIds } from '../http/common-schemas';

/** The feature types of the base contract's Activity log record. */
export const featureTypes = ['comment', 'reaction', 'recorder', 'crdt', 'custom'] as const;

/** Activities per add/update call, and ids per get/delete call (DynamoDB's `IN` and batch sizes). */
export const maxActivitiesPerCall = 100;

/** activities/get page size: default 1000 (base #6); at most 1000 so a page stays within a Lambda response. */
export const maxActivityPageSize = 1000;

/** A stored activity stays well below DynamoDB's 400 KB item limit (it is copied into five indexes). */
export const maxActivityBytes = 64 * 1024;

/**
 * The acting user; `agent` describes the agent that acted (comments carry it; judgments derived
 * from the activity are then `judgeType: agent`).
 */
const actionUser = /* @__PURE__ */ z
  .object({
    userId: resourceId,
    email: z.string().max(320).optional(),
    name: z.string().max(200).optional(),
    agent: z.record(z.string().max(64), z.unknown()).optional(),
  })
  .strict();

/** The fields activities/update may change (base #12); everything else is fixed once written. */
const updatableFields = {
  changes: z
    .record(z.string().max(256), z.object({ from: z.unknown(), to: z.unknown() }).strict())
    .optional(),
  entityData: z.unknown().optional(),
  entityTargetData: z.unknown().optional(),
  displayMessageTemplate: z.string().max(10_000).optional(),
  displayMessageTemplateData: z.record(z.string().max(256), z.unknown()).optional(),
  actionIcon: z.string().max(2048).optional(),
};

function withinItemLimit(value: unknown, ctx: z.RefinementCtx) {
  if (Buffer.byteLength(JSON.stringify(value)) > maxActivityBytes) {
    ctx.addIssue({
      code: 'custom',
      message: `an activity may hold at most ${maxActivityBytes} bytes of JSON`,
    });
  }
}

export const activityInput = /* @__PURE__ */ z
  .object({
    id: resourceId.optional(),
    featureType: z.enum(featureTypes),
    actionType: z.string().min(1).max(128),
    actionUser,
    targetEntityId: resourceId.optional(),
    targetSubEntityId: resourceId.optional(),
    ...updatableFields,
  })
  .strict()
  .superRefine(withinItemLimit);
export type ActivityInput = z.output<typeof activityInput>;

/** Activity ids given in one call are unique (refinement of add and update). */
const uniqueActivityIds = (value: { activities: readonly { id?: string }[] }, ctx: z.RefinementCtx) =>
  uniqueIds(
    value.activities.map((activity) => activity.id),
    ctx,
    (index) => ['activities', index, 'id'],
  );

export const addActivitiesInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    documentId: resourceId,
    activities: z.array(activityInput).min(1).max(maxActivitiesPerCall),
  })
  .strict()
  .superRefine(uniqueActivityIds);

export const getActivitiesInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    documentId: resourceId.optional(),
    targetEntityId: resourceId.optional(),
    featureTypes: z.array(z.enum(featureTypes)).min(1).max(featureTypes.length).optional(),
    actionTypes: z.array(z.string().min(1).max(128)).min(1).max(maxActivitiesPerCall).optional(),
    userId: resourceId.optional(),
    activityIds: z.array(resourceId).min(1).max(maxActivitiesPerCall).optional(),
    order: z.enum(['asc', 'desc']).default('desc'),
    pageSize: z.number().int().min(1).max(maxActivityPageSize).default(maxActivityPageSize),
    pageToken: pageToken.optional(),
  })
  .strict();
export type GetActivities = z.output<typeof getActivitiesInput>;

export const updateActivitiesInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    activities: z
      .array(changeById({ id: resourceId, ...updatableFields }).superRefine(withinItemLimit))
      .min(1)
      .max(maxActivitiesPerCall),
  })
  .strict()
  .superRefine(uniqueActivityIds);
export type UpdateActivity = z.output<typeof updateActivitiesInput>['activities'][number];

export const deleteActivitiesInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    documentId: resourceId.optional(),
    activityIds: z.array(resourceId).min(1).max(maxActivitiesPerCall).optional(),
    targetEntityId: resourceId.optional(),
  })
  .strict()
  .refine(
    (value) =>
      [value.documentId, value.activityIds, value.targetEntityId].filter((field) => field !== undefined)
        .length === 1,
    { message: 'send exactly one of documentId, activityIds, targetEntityId', path: ['documentId'] },
  );

/** An activity as returned (base contract's Activity log record); stored as `activityRecord`. */
export const activity = /* @__PURE__ */ z.object({
  id: z.string(),
  featureType: z.enum(featureTypes),
  actionType: z.string(),
  actionUser,
  targetEntityId: z.string().optional(),
  targetSubEntityId: z.string().optional(),
  ...updatableFields,
  metadata: z.object({ apiKey: z.string(), documentId: z.string(), organizationId: z.string() }),
  timestamp: z.number(),
});
export type Activity = z.infer<typeof activity>;

/** An activity as stored: the activity plus whether it was written under the immutability setting. */
export const activityRecord = /* @__PURE__ */ activity.extend({ immutable: z.boolean().optional() });
export type ActivityRecord = z.infer<typeof activityRecord>;

/** activities/get lists records without the storage-only `immutable` flag. */
export const activityView = /* @__PURE__ */ activity.meta({ id: 'Activity' });
