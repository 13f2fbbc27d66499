import * as z from 'zod';
import { resourceId } from '../http/common-schemas';

/**
 * A notification preference (addendum §13): `ALL` everything, `MINE` only what involves the user
 * (named in `notifyUsers`, tagged, assigned, or an author in the thread), `NONE` nothing.
 */
export const preferenceValue = /* @__PURE__ */ z.enum(['ALL', 'MINE', 'NONE']);
export type PreferenceValue = z.infer<typeof preferenceValue>;

/** The preferences in force for a user in one scope: `inbox` (in-app delivery) and `email`. */
export const preferencesInForce = /* @__PURE__ */ z
  .object({ inbox: preferenceValue, email: preferenceValue })
  .meta({ id: 'NotificationPreferences' });
export type PreferencesInForce = z.infer<typeof preferencesInForce>;

/** What one scope stores: each value absent means the wider scope's (organization, then the default). */
export const storedPreference = /* @__PURE__ */ z.object({
  userId: z.string(),
  documentId: z.string().optional(),
  inbox: preferenceValue.optional(),
  email: preferenceValue.optional(),
});
export type StoredPreference = z.infer<typeof storedPreference>;

/** Most documents one notifications/config/get reads. */
export const maxPreferenceDocuments = 100;

export const getNotificationPreferencesInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    userId: resourceId,
    documentIds: z.array(resourceId).max(maxPreferenceDocuments).optional(),
  })
  .strict();
export type GetNotificationPreferences = z.output<typeof getNotificationPreferencesInput>;

export const updateNotificationPreferencesInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    userId: resourceId,
    documentId: resourceId.optional(),
    config: z
      .object({ inbox: preferenceValue.optional(), email: preferenceValue.optional() })
      .strict()
      .refine((value) => value.inbox !== undefined || value.email !== undefined, {
        message: 'send at least one of inbox, email',
      }),
  })
  .strict();
export type UpdateNotificationPreferences = z.output<typeof updateNotificationPreferencesInput>;

/** notifications/config/get and /update `data`: the values in force, for the organization and per document. */
export const notificationPreferencesView = /* @__PURE__ */ z.object({
  organization: preferencesInForce,
  documents: z.record(z.string(), preferencesInForce),
});
