import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { resourceId } from '../http/common-schemas';

/**
 * A notification preference (addendum §13): `ALL` everything, `MINE` only what involves the user
 * (named in `notifyUsers`, tagged, assigned, or an author in the thread), `NONE` nothing.
 */
export const preferenceValue = /* @__PURE__ */ buildSchema(() => z.enum(['ALL', 'MINE', 'NONE']));
export type PreferenceValue = z.infer<typeof preferenceValue>;

/** The preferences in force for a user in one scope: `inbox` (in-app delivery) and `email`. */
export const preferencesInForce = /* @__PURE__ */ buildSchema(() =>
  z
    .object({ inbox: preferenceValue, email: preferenceValue })
    .check(z.meta({ id: 'NotificationPreferences' })),
);
export type PreferencesInForce = z.infer<typeof preferencesInForce>;

/** What one scope stores: each value absent means the wider scope's (organization, then the default). */
export const storedPreference = /* @__PURE__ */ buildSchema(() =>
  z.object({
    userId: z.string(),
    documentId: z.optional(z.string()),
    inbox: z.optional(preferenceValue),
    email: z.optional(preferenceValue),
  }),
);
export type StoredPreference = z.infer<typeof storedPreference>;

/** Most documents one notifications/config/get reads. */
export const maxPreferenceDocuments = 100;

export const getNotificationPreferencesInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    userId: resourceId,
    documentIds: z.optional(z.array(resourceId).check(z.maxLength(maxPreferenceDocuments))),
  }),
);
export type GetNotificationPreferences = z.output<typeof getNotificationPreferencesInput>;

export const updateNotificationPreferencesInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    organizationId: resourceId,
    userId: resourceId,
    documentId: z.optional(resourceId),
    config: z.strictObject({ inbox: z.optional(preferenceValue), email: z.optional(preferenceValue) }).check(
      z.refine((value) => value.inbox !== undefined || value.email !== undefined, {
        message: 'send at least one of inbox, email',
      }),
    ),
  }),
);
export type UpdateNotificationPreferences = z.output<typeof updateNotificationPreferencesInput>;

/** notifications/config/get and /update `data`: the values in force, for the organization and per document. */
export const notificationPreferencesView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    organization: preferencesInForce,
    documents: z.record(z.string(), preferencesInForce),
  }),
);
