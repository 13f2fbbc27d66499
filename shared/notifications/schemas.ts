import * as z from 'zod';
import { changeById, pageSize, pageToken, resourceId } from '../http/common-schemas';

/** A user as the contract passes one: an id plus profile fields (kept as given outside resolver mode). */
const user = /* @__PURE__ */ z.looseObject({
  userId: resourceId,
  name: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
});

/** Caller-chosen notification ids: letters, digits, `_` and `-` only (base #24). */
export const notificationId = /* @__PURE__ */ z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'only letters, digits, _ and - are allowed');

const content = {
  displayHeadlineMessageTemplate: z.string().max(10_000).optional(),
  displayHeadlineMessageTemplateData: z.record(z.string().max(256), z.unknown()).optional(),
  displayBodyMessage: z.string().max(10_000).optional(),
  notificationSourceData: z.record(z.string().max(256), z.unknown()).optional(),
};

/** Explicit recipients per call; `notifyAll` reaches every organization member on top. */
export const maxNotifyUsers = 1000;

export const addNotificationInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    createOrganization: z.boolean().optional(),
    documentId: resourceId,
    createDocument: z.boolean().optional(),
    actionUser: user,
    verifyUserPermissions: z.boolean().default(false),
    notificationId: notificationId.optional(),
    isNotificationResolverUsed: z.boolean().default(false),
    notifyUsers: z.array(user).max(maxNotifyUsers),
    notifyAll: z.boolean().default(true),
    notificationSource: z.enum(['custom', 'comment', 'huddle', 'crdt']).optional(),
    context: z
      .object({ access: z.record(z.string().max(256), z.union([z.string(), z.number()])) })
      .strict()
      .optional(),
    ...content,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.isNotificationResolverUsed) return;
    for (const field of ['displayHeadlineMessageTemplate', 'displayBodyMessage'] as const) {
      if (value[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'required unless isNotificationResolverUsed is true',
        });
    }
  });
export type AddNotification = z.output<typeof addNotificationInput>;

export const getNotificationsInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    userId: resourceId.optional(),
    documentId: resourceId.optional(),
    notificationIds: z.array(notificationId).min(1).max(100).optional(),
    order: z.enum(['asc', 'desc']).default('desc'),
    pageSize,
    pageToken: pageToken.optional(),
  })
  .strict()
  .refine((value) => value.userId !== undefined || value.documentId !== undefined, {
    message: 'send userId or documentId',
    path: ['userId'],
  });
export type GetNotifications = z.output<typeof getNotificationsInput>;

export const updateNotificationsInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    notifications: z
      .array(
        changeById({
          id: notificationId,
          readByUserIds: z.array(resourceId).min(1).max(100).optional(),
          ...content,
        }),
      )
      .min(1)
      .max(100),
  })
  .strict();
export type UpdateNotification = z.output<typeof updateNotificationsInput>['notifications'][number];

export const deleteNotificationsInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    notificationIds: z.array(notificationId).min(1).max(100).optional(),
    documentId: resourceId.optional(),
    userId: resourceId.optional(),
  })
  .strict()
  .refine((value) => value.notificationIds ?? value.documentId ?? value.userId, {
    message: 'send notificationIds, documentId or userId',
    path: ['notificationIds'],
  });

/** The shared record of a notification: its content once, however many recipients it has. */
export const notificationRecord = /* @__PURE__ */ z.object({
  id: z.string(),
  organizationId: z.string(),
  documentId: z.string(),
  actionUser: user,
  isNotificationResolverUsed: z.boolean(),
  notificationSource: z.string().optional(),
  context: z.object({ access: z.record(z.string(), z.union([z.string(), z.number()])) }).optional(),
  ...content,
  timestamp: z.number(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

/** One recipient's inbox entry: ids, the time it sorts by and whether the user has read it. */
export const inboxEntry = /* @__PURE__ */ z.object({
  notificationId: z.string(),
  userId: z.string(),
  documentId: z.string(),
  timestamp: z.number(),
  /** True when the notification involves the user (`MINE` lets it through); absent otherwise. */
  involved: z.literal(true).optional(),
  readAt: z.number().optional(),
});
export type InboxEntry = z.infer<typeof inboxEntry>;

/**
 * A user's notification digest window as the reconciler hands it over: the organization inbox
 * counter, which holds it while digests are on (shared/notifications/digests.ts). `gsi7pk`/`gsi7sk`
 * are there while a window is pending; `digestSeq` counts the entries ever written to the inbox.
 */
export const digestWindow = /* @__PURE__ */ z.object({
  pk: z.string(),
  sk: z.string(),
  apiKey: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  digestSeq: z.number(),
  digestedThrough: z.number(),
  digestIncarnations: z.record(z.string(), z.number()).optional(),
  gsi7pk: z.string().optional(),
  gsi7sk: z.string().optional(),
});
export type DigestWindow = z.infer<typeof digestWindow>;

/**
 * notifications/get lists shared notification records; a user's inbox (`userId` given) adds the
 * recipient and whether they have read it.
 */
export const notificationView = /* @__PURE__ */ notificationRecord
  .extend({
    userId: z.string().optional(),
    isRead: z.boolean().optional(),
  })
  .meta({ id: 'Notification' });

/** notifications/add `data`: whether the notification was stored and sent. */
export const addedNotification = /* @__PURE__ */ z.object({ success: z.boolean(), message: z.string() });

export const countNotificationsInput = /* @__PURE__ */ z
  .object({ organizationId: resourceId, userId: resourceId, documentId: resourceId.optional() })
  .strict();
export type CountNotifications = z.output<typeof countNotificationsInput>;

/** notifications/count `data`: the user's inbox entries, all and unread (of the document when given). */
export const notificationCounts = /* @__PURE__ */ z.object({ total: z.number(), unread: z.number() });
