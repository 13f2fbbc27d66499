import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
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
const actionUser = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    userId: resourceId,
    email: z.optional(z.string().check(z.maxLength(320))),
    name: z.optional(z.string().check(z.maxLength(200))),
    agent: z.optional(z.record(z.string().check(z.maxLength(64)), z.unknown())),
  }),
);

/** The fields activities/update may change (base #12); everything else is fixed once written. */
const updatableFields = {
  changes: z.optional(
    z.record(z.string().check(z.maxLength(256)), z.strictObject({ from: z.unknown(), to: z.unknown() })),
  ),
  entityData: z.optional(z.unknown()),
  entityTargetData: z.optional(z.unknown()),
  displayMessageTemplate: z.optional(z.string().check(z.maxLength(10_000))),
  displayMessageTemplateData: z.optional(z.record(z.string().check(z.maxLength(256)), z.unknown())),
  actionIcon: z.optional(z.string().check(z.maxLength(2048))),
};

function withinItemLimit(value: unknown, ctx: z.core.$RefinementCtx) {
  if (Buffer.byteLength(JSON.stringify(value)) > maxActivityBytes) {
    ctx.addIssue({
      code: 'custom',
      message: `an activity may hold at most ${maxActivityBytes} bytes of JSON`,
    });
  }
}

export const activityInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      id: z.optional(resourceId),
      featureType: z.enum(featureTypes),
      actionType: z.string().check(z.minLength(1), z.maxLength(128)),
      actionUser,
      targetEntityId: z.optional(resourceId),
      targetSubEntityId: z.optional(resourceId),
      ...updatableFields,
    })
    .check(z.superRefine(withinItemLimit)),
);
export type ActivityInput = z.output<typeof activityInput>;

/** Activity ids given in one call are unique (refinement of add and update). */
const uniqueActivityIds = (value: { activities: readonly { id?: string }[] }, ctx: z.core.$RefinementCtx) =>
  uniqueIds(
    value.activities.map((activity) => activity.id),
    ctx,
    (index) => ['activities', index, 'id'],
  );

export const addActivitiesInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: resourceId,
      documentId: resourceId,
      activities: z.array(activityInput).check(z.minLength(1), z.maxLength(maxActivitiesPerCall)),
    })
    .check(z.superRefine(uniqueActivityIds)),
);

export const getActivitiesInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    documentId: z.optional(resourceId),
    targetEntityId: z.optional(resourceId),
    featureTypes: z.optional(
      z.array(z.enum(featureTypes)).check(z.minLength(1), z.maxLength(featureTypes.length)),
    ),
    actionTypes: z.optional(
      z
        .array(z.string().check(z.minLength(1), z.maxLength(128)))
        .check(z.minLength(1), z.maxLength(maxActivitiesPerCall)),
    ),
    userId: z.optional(resourceId),
    activityIds: z.optional(z.array(resourceId).check(z.minLength(1), z.maxLength(maxActivitiesPerCall))),
    order: z._default(z.enum(['asc', 'desc']), 'desc'),
    pageSize: z._default(z.int().check(z.minimum(1), z.maximum(maxActivityPageSize)), maxActivityPageSize),
    pageToken: z.optional(pageToken),
  }),
);
export type GetActivities = z.output<typeof getActivitiesInput>;

export const updateActivitiesInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: resourceId,
      activities: z
        .array(changeById({ id: resourceId, ...updatableFields }).check(z.superRefine(withinItemLimit)))
        .check(z.minLength(1), z.maxLength(maxActivitiesPerCall)),
    })
    .check(z.superRefine(uniqueActivityIds)),
);
export type UpdateActivity = z.output<typeof updateActivitiesInput>['activities'][number];

export const deleteActivitiesInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: resourceId,
      documentId: z.optional(resourceId),
      activityIds: z.optional(z.array(resourceId).check(z.minLength(1), z.maxLength(maxActivitiesPerCall))),
      targetEntityId: z.optional(resourceId),
    })
    .check(
      z.refine(
        (value) =>
          [value.documentId, value.activityIds, value.targetEntityId].filter((field) => field !== undefined)
            .length === 1,
        { message: 'send exactly one of documentId, activityIds, targetEntityId', path: ['documentId'] },
      ),
    ),
);

/** An activity as returned (base contract's Activity log record); stored as `activityRecord`. */
export const activity = /* @__PURE__ */ buildSchema(() =>
  z.object({
    id: z.string(),
    featureType: z.enum(featureTypes),
    actionType: z.string(),
    actionUser,
    targetEntityId: z.optional(z.string()),
    targetSubEntityId: z.optional(z.string()),
    ...updatableFields,
    metadata: z.object({ apiKey: z.string(), documentId: z.string(), organizationId: z.string() }),
    timestamp: z.number(),
  }),
);
export type Activity = z.infer<typeof activity>;

/** An activity as stored: the activity plus whether it was written under the immutability setting. */
export const activityRecord = /* @__PURE__ */ buildSchema(() =>
  z.extend(activity, { immutable: z.optional(z.boolean()) }),
);
export type ActivityRecord = z.infer<typeof activityRecord>;

/** activities/get lists records without the storage-only `immutable` flag. */
export const activityView = /* @__PURE__ */ buildSchema(() => activity.check(z.meta({ id: 'Activity' })));
