import * as z from 'zod';
import { domainEntry } from '../workspace/schemas';

/** Most domains one add/delete call may carry (base contract limits). */
export const maxDomainsPerCall = 100;

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** A URL the service will call: absolute, http or https. */
export const httpUrl = /* @__PURE__ */ z.string().max(2048).refine(isHttpUrl, 'must be an http(s) URL');

/** A short secret or key the caller configures (tokens, public keys). */
export const configString = /* @__PURE__ */ z.string().max(8192);

/** Any "at least one field" rule: the message names the fields that could have been sent. */
export const atLeastOne = (fields: string) => ({ message: `send at least one of ${fields}` });
/** Whether a partial update sends any field (the refinement `atLeastOne` words). */
export const hasAny = (value: object) => Object.values(value).some((field) => field !== undefined);

export const domainsInput = /* @__PURE__ */ z
  .object({ domains: z.array(domainEntry).min(1).max(maxDomainsPerCall) })
  .strict();

// Activity logging (base contract #14, addendum §5).

const triggerName = /* @__PURE__ */ z
  .string()
  .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/)
  .max(64);

/** Activity triggers by feature and action: `{ comment: { added: true } }`. */
const activityTriggers = /* @__PURE__ */ z.record(triggerName, z.record(triggerName, z.boolean()));

/** Stored activity config; `immutable` and `triggers` appear once set or seeded by the first enable. */
export const activityConfig = /* @__PURE__ */ z.object({
  isEnabled: z.boolean(),
  immutable: z.boolean().optional(),
  triggers: activityTriggers.optional(),
});
export type ActivityConfig = z.infer<typeof activityConfig>;

export const updateActivityConfigInput = /* @__PURE__ */ z
  .object({
    activityServiceConfig: z
      .object({
        isEnabled: z.boolean().optional(),
        immutable: z.boolean().optional(),
        triggers: activityTriggers.optional(),
      })
      .strict()
      .refine(hasAny, atLeastOne('isEnabled, immutable, triggers')),
  })
  .strict();
export type UpdateActivityConfig = z.output<typeof updateActivityConfigInput>['activityServiceConfig'];

// Permission provider (base contract #15, addendum §5).

export const permissionProviderConfig = /* @__PURE__ */ z.object({
  usePermissionProvider: z.boolean(),
  permissionProviderConfig: z.object({ permissionProviderUrl: z.string(), authToken: z.string() }),
});
export type PermissionProviderConfig = z.infer<typeof permissionProviderConfig>;

export const updatePermissionProviderConfigInput = /* @__PURE__ */ z
  .object({
    usePermissionProvider: z.boolean().optional(),
    permissionProviderConfig: z
      .object({
        permissionProviderUrl: z
          .string()
          .max(2048)
          .refine((value) => value === '' || isHttpUrl(value), 'must be an http(s) URL or empty')
          .optional(),
        authToken: configString.optional(),
      })
      .strict()
      .refine(hasAny, atLeastOne('permissionProviderUrl, authToken'))
      .optional(),
  })
  .strict()
  .refine(hasAny, atLeastOne('usePermissionProvider, permissionProviderConfig'));
export type UpdatePermissionProviderConfig = z.output<typeof updatePermissionProviderConfigInput>;

// Notification digests (addendum §13).

/** The digest of unread inbox entries: whether it is sent, after how long, with how many entries. */
const digestSettings = /* @__PURE__ */ z.object({
  isEnabled: z.boolean(),
  delayMinutes: z.number().int().min(5).max(1440),
  maxItems: z.number().int().min(1).max(50),
});

/** Stored notification config: the digest, off until enabled. */
export const notificationConfig = /* @__PURE__ */ z.object({ digest: digestSettings });
export type NotificationConfig = z.infer<typeof notificationConfig>;

/** A partial update of the digest (merged into the stored one): at least one field. */
export const updateNotificationConfigInput = /* @__PURE__ */ z
  .object({
    digest: digestSettings.partial().strict().refine(hasAny, atLeastOne('isEnabled, delayMinutes, maxItems')),
  })
  .strict();
export type UpdateNotificationConfig = z.output<typeof updateNotificationConfigInput>;

// Responses (the stored configs above are also what reads and updates answer).

/** workspace/domains/add `data`: the normalised domains added. */
export const domainsAdded = /* @__PURE__ */ z.object({ domainsAdded: z.array(z.string()) });

/** workspace/domains/delete `data`: the normalised domains removed. */
export const domainsRemoved = /* @__PURE__ */ z.object({ domainsRemoved: z.array(z.string()) });

/** workspace/activityconfig get/update `data`. */
export const activityConfigView = /* @__PURE__ */ z.object({ activityServiceConfig: activityConfig });
