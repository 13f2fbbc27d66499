import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { domainEntry } from '../workspace/schemas';

/** Most domains one add/delete call may carry (base contract limits). */
export const maxDomainsPerCall = 100;

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** A URL the service will call: absolute, http or https. */
export const httpUrl = /* @__PURE__ */ buildSchema(() =>
  z.string().check(z.maxLength(2048), z.refine(isHttpUrl, 'must be an http(s) URL')),
);

/** A short secret or key the caller configures (tokens, public keys). */
export const configString = /* @__PURE__ */ buildSchema(() => z.string().check(z.maxLength(8192)));

/** Any "at least one field" rule: the message names the fields that could have been sent. */
export const atLeastOne = (fields: string) => ({ message: `send at least one of ${fields}` });
/** Whether a partial update sends any field (the refinement `atLeastOne` words). */
export const hasAny = (value: object) => Object.values(value).some((field) => field !== undefined);

export const domainsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    domains: z.array(domainEntry).check(z.minLength(1), z.maxLength(maxDomainsPerCall)),
  }),
);

// Activity logging (base contract #14, addendum §5).

const triggerName = /* @__PURE__ */ buildSchema(() =>
  z.string().check(z.regex(/^[a-zA-Z][a-zA-Z0-9_]*$/), z.maxLength(64)),
);

/** Activity triggers by feature and action: `{ comment: { added: true } }`. */
const activityTriggers = /* @__PURE__ */ buildSchema(() =>
  z.record(triggerName, z.record(triggerName, z.boolean())),
);

/** Stored activity config; `immutable` and `triggers` appear once set or seeded by the first enable. */
export const activityConfig = /* @__PURE__ */ buildSchema(() =>
  z.object({
    isEnabled: z.boolean(),
    immutable: z.optional(z.boolean()),
    triggers: z.optional(activityTriggers),
  }),
);
export type ActivityConfig = z.infer<typeof activityConfig>;

export const updateActivityConfigInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    activityServiceConfig: z
      .strictObject({
        isEnabled: z.optional(z.boolean()),
        immutable: z.optional(z.boolean()),
        triggers: z.optional(activityTriggers),
      })
      .check(z.refine(hasAny, atLeastOne('isEnabled, immutable, triggers'))),
  }),
);
export type UpdateActivityConfig = z.output<typeof updateActivityConfigInput>['activityServiceConfig'];

// Permission provider (base contract #15, addendum §5).

export const permissionProviderConfig = /* @__PURE__ */ buildSchema(() =>
  z.object({
    usePermissionProvider: z.boolean(),
    permissionProviderConfig: z.object({ permissionProviderUrl: z.string(), authToken: z.string() }),
  }),
);
export type PermissionProviderConfig = z.infer<typeof permissionProviderConfig>;

export const updatePermissionProviderConfigInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      usePermissionProvider: z.optional(z.boolean()),
      permissionProviderConfig: z.optional(
        z
          .strictObject({
            permissionProviderUrl: z.optional(
              z.string().check(
                z.maxLength(2048),
                z.refine((value) => value === '' || isHttpUrl(value), 'must be an http(s) URL or empty'),
              ),
            ),
            authToken: z.optional(configString),
          })
          .check(z.refine(hasAny, atLeastOne('permissionProviderUrl, authToken'))),
      ),
    })
    .check(z.refine(hasAny, atLeastOne('usePermissionProvider, permissionProviderConfig'))),
);
export type UpdatePermissionProviderConfig = z.output<typeof updatePermissionProviderConfigInput>;

// Notification digests (addendum §13).

/** The digest of unread inbox entries: whether it is sent, after how long, with how many entries. */
const digestSettings = /* @__PURE__ */ buildSchema(() =>
  z.object({
    isEnabled: z.boolean(),
    delayMinutes: z.int().check(z.minimum(5), z.maximum(1440)),
    maxItems: z.int().check(z.minimum(1), z.maximum(50)),
  }),
);

/** Stored notification config: the digest, off until enabled. */
export const notificationConfig = /* @__PURE__ */ buildSchema(() => z.object({ digest: digestSettings }));
export type NotificationConfig = z.infer<typeof notificationConfig>;

/** A partial update of the digest (merged into the stored one): at least one field. */
export const updateNotificationConfigInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    digest: z
      .strictObject(z.partial(digestSettings).shape)
      .check(z.refine(hasAny, atLeastOne('isEnabled, delayMinutes, maxItems'))),
  }),
);
export type UpdateNotificationConfig = z.output<typeof updateNotificationConfigInput>;

// Responses (the stored configs above are also what reads and updates answer).

/** workspace/domains/add `data`: the normalised domains added. */
export const domainsAdded = /* @__PURE__ */ buildSchema(() =>
  z.object({ domainsAdded: z.array(z.string()) }),
);

/** workspace/domains/delete `data`: the normalised domains removed. */
export const domainsRemoved = /* @__PURE__ */ buildSchema(() =>
  z.object({ domainsRemoved: z.array(z.string()) }),
);

/** workspace/activityconfig get/update `data`. */
export const activityConfigView = /* @__PURE__ */ buildSchema(() =>
  z.object({ activityServiceConfig: activityConfig }),
);
