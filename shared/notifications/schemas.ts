import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { changeById, pageSize, pageToken, resourceId } from '../http/common-schemas';

/** A user as the contract passes one: an id plus profile fields (kept as given outside resolver mode). */
const user = /* @__PURE__ */ buildSchema(() =>
  z.looseObject({
    userId: resourceId,
    name: z.optional(z.string().check(z.maxLength(200))),
    email: z.optional(z.string().check(z.maxLength(320))),
  }),
);

/** Caller-chosen notification ids: letters, digits, `_` and `-` only (base #24). */
export const notificationId = /* @__PURE__ */ buildSchema(() =>
  z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(128),
      z.regex(/^[A-Za-z0-9_-]+$/, 'only letters, digits, _ and - are allowed'),
    ),
);

const content = {
  displayHeadlineMessageTemplate: z.optional(z.string().check(z.maxLength(10_000))),
  displayHeadlineMessageTemplateData: z.optional(z.record(z.string().check(z.maxLength(256)), z.unknown())),
  displayBodyMessage: z.optional(z.string().check(z.maxLength(10_000))),
  notificationSourceData: z.optional(z.record(z.string().check(z.maxLength(256)), z.unknown())),
};

/** Explicit recipients per call; `notifyAll` reaches every organization member on top. */
export const maxNotifyUsers = 1000;

export const addNotificationInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: resourceId,
      createOrganization: z.optional(z.boolean()),
      documentId: resourceId,
      createDocument: z.optional(z.boolean()),
      actionUser: user,
      verifyUserPermissions: z._default(z.boolean(), false),
      notificationId: z.optional(notificationId),
      isNotificationResolverUsed: z._default(z.boolean(), false),
      notifyUsers: z.array(user).check(z.maxLength(maxNotifyUsers)),
      notifyAll: z._default(z.boolean(), true),
      notificationSource: z.optional(z.enum(['custom', 'comment', 'huddle', 'crdt'])),
      context: z.optional(
        z.strictObject({
          access: z.record(z.string().check(z.maxLength(256)), z.union([z.string(), z.number()])),
        }),
      ),
      ...content,
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.isNotificationResolverUsed) return;
        for (const field of ['displayHeadlineMessageTemplate', 'displayBodyMessage'] as const) {
          if (value[field] === undefined)
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: 'required unless isNotificationResolverUsed is true',
            });
        }
      }),
    ),
);
export type AddNotification = z.output<typeof addNotificationInput>;

export const getNotificationsInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: resourceId,
      userId: z.optional(resourceId),
      documentId: z.optional(resourceId),
      notificationIds: z.optional(z.array(notificationId).check(z.minLength(1), z.maxLength(100))),
      order: z._default(z.enum(['asc', 'desc']), 'desc'),
      pageSize,
      pageToken: z.optional(pageToken),
    })
    .check(
      z.refine((value) => value.userId !== undefined || value.documentId !== undefined, {
        message: 'send userId or documentId',
        path: ['userId'],
      }),
    ),
);
export type GetNotifications = z.output<typeof getNotificationsInput>;

export const updateNotificationsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    notifications: z
      .array(
        changeById({
          id: notificationId,
          readByUserIds: z.optional(z.array(resourceId).check(z.minLength(1), z.maxLength(100))),
          ...content,
        }),
      )
      .check(z.minLength(1), z.maxLength(100)),
  }),
);
export type UpdateNotification = z.output<typeof updateNotificationsInput>['notifications'][number];

export const deleteNotificationsInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: resourceId,
      notificationIds: z.optional(z.array(notificationId).check(z.minLength(1), z.maxLength(100))),
      documentId: z.optional(resourceId),
      userId: z.optional(resourceId),
    })
    .check(
      z.refine((value) => value.notificationIds ?? value.documentId ?? value.userId, {
        message: 'send notificationIds, documentId or userId',
        path: ['notificationIds'],
      }),
    ),
);

/** The shared record of a notification: its content once, however many recipients it has. */
export const notificationRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    id: z.string(),
    organizationId: z.string(),
    documentId: z.string(),
    actionUser: user,
    isNotificationResolverUsed: z.boolean(),
    notificationSource: z.optional(z.string()),
    context: z.optional(z.object({ access: z.record(z.string(), z.union([z.string(), z.number()])) })),
    ...content,
    timestamp: z.number(),
  }),
);
export type NotificationRecord = z.infer<typeof notificationRecord>;

/** One recipient's inbox entry: ids, the time it sorts by and whether the user has read it. */
export const inboxEntry = /* @__PURE__ */ buildSchema(() =>
  z.object({
    notificationId: z.string(),
    userId: z.string(),
    documentId: z.string(),
    timestamp: z.number(),
    /** True when the notification involves the user (`MINE` lets it through); absent otherwise. */
    involved: z.optional(z.literal(true)),
    readAt: z.optional(z.number()),
  }),
);
export type InboxEntry = z.infer<typeof inboxEntry>;

/**
 * A user's notification digest window as the reconciler hands it over: the organization inbox
 * counter, which holds it while digests are on (shared/notifications/digests.ts). `gsi7pk`/`gsi7sk`
 * are there while a window is pending; `digestSeq` counts the entries ever written to the inbox.
 */
export const digestWindow = /* @__PURE__ */ buildSchema(() =>
  z.object({
    pk: z.string(),
    sk: z.string(),
    apiKey: z.string(),
    organizationId: z.string(),
    userId: z.string(),
    digestSeq: z.number(),
    digestedThrough: z.number(),
    digestIncarnations: z.optional(z.record(z.string(), z.number())),
    gsi7pk: z.optional(z.string()),
    gsi7sk: z.optional(z.string()),
  }),
);
export type DigestWindow = z.infer<typeof digestWindow>;

/**
 * notifications/get lists shared notification records; a user's inbox (`userId` given) adds the
 * recipient and whether they have read it.
 */
export const notificationView = /* @__PURE__ */ buildSchema(() =>
  z
    .extend(notificationRecord, {
      userId: z.optional(z.string()),
      isRead: z.optional(z.boolean()),
    })
    .check(z.meta({ id: 'Notification' })),
);

/** notifications/add `data`: whether the notification was stored and sent. */
export const addedNotification = /* @__PURE__ */ buildSchema(() =>
  z.object({ success: z.boolean(), message: z.string() }),
);

export const countNotificationsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    userId: resourceId,
    documentId: z.optional(resourceId),
  }),
);
export type CountNotifications = z.output<typeof countNotificationsInput>;

/** notifications/count `data`: the user's inbox entries, all and unread (of the document when given). */
export const notificationCounts = /* @__PURE__ */ buildSchema(() =>
  z.object({ total: z.number(), unread: z.number() }),
);
