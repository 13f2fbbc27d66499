import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { atLeastOne, configString, hasAny, httpUrl } from './schemas';

/**
 * The webhook configs of an API key, stored by the settings config store (`apiKeyConfig` items of
 * kinds `webhook` and `advancedWebhook`): where and how basic webhooks post, and whether advanced
 * endpoints receive messages.
 */

/** A webhook event type such as `comment.add` or `huddle.create`. */
const eventType = /* @__PURE__ */ buildSchema(() =>
  z.string().check(z.regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/), z.maxLength(128)),
);

// Basic webhooks (base contract #23, addendum §5).

/** The stored basic-webhook config, always complete (defaults filled in). */
export const webhookConfig = /* @__PURE__ */ buildSchema(() =>
  z.object({
    useWebhookService: z.boolean(),
    webhookServiceConfig: z.object({
      authToken: z.string(),
      rawNotificationUrl: z.string(),
      processedNotificationUrl: z.string(),
      encodeData: z.boolean(),
      encryptData: z.boolean(),
      publicKey: z.string(),
      enableDataProtection: z.boolean(),
      triggers: z.record(z.string(), z.boolean()),
    }),
  }),
);
export type WebhookConfig = z.infer<typeof webhookConfig>;

/** Basic-webhook triggers an update may set, by event type (at most 100 per request). */
const triggerUpdates = /* @__PURE__ */ buildSchema(() =>
  z
    .record(eventType, z.boolean())
    .check(z.refine((triggers) => Object.keys(triggers).length <= 100, 'at most 100 triggers')),
);

/** The fields of `webhookServiceConfig` an update may send. */
const webhookServiceConfigUpdate = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    authToken: z.optional(configString),
    rawNotificationUrl: z.optional(httpUrl),
    processedNotificationUrl: z.optional(httpUrl),
    encodeData: z.optional(z.boolean()),
    encryptData: z.optional(z.boolean()),
    publicKey: z.optional(configString),
    enableDataProtection: z.optional(z.boolean()),
    triggers: z.optional(triggerUpdates),
  }),
);

/** workspace/webhookconfig/update `data`: a partial basic-webhook config. */
export const updateWebhookConfigInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      useWebhookService: z.optional(z.boolean()),
      webhookServiceConfig: z.optional(webhookServiceConfigUpdate),
    })
    .check(z.refine(hasAny, atLeastOne('useWebhookService, webhookServiceConfig'))),
);
export type UpdateWebhookConfig = z.output<typeof updateWebhookConfigInput>;

// Advanced webhooks (base contract #9, addendum §5).

/** How long advanced-webhook messages and their attempts are kept (addendum §11), in days. */
export const messageRetention = { minDays: 1, maxDays: 90, defaultDays: 30 } as const;

const messageRetentionDays = /* @__PURE__ */ buildSchema(() =>
  z.int().check(z.minimum(messageRetention.minDays), z.maximum(messageRetention.maxDays)),
);

/**
 * The stored advanced-webhook config, always complete (defaults filled in; a config stored before
 * `messageRetentionDays` existed reads with the default).
 */
export const advancedWebhookConfig = /* @__PURE__ */ buildSchema(() =>
  z.object({
    isEnabled: z.boolean(),
    encryptData: z.boolean(),
    encodeData: z.boolean(),
    publicKey: z.string(),
    enableDataProtection: z.boolean(),
    messageRetentionDays: z._default(messageRetentionDays, messageRetention.defaultDays),
  }),
);
export type AdvancedWebhookConfig = z.infer<typeof advancedWebhookConfig>;

/**
 * workspace/advancedwebhookconfig/update `data`: any of the stored config's fields, the public key
 * bounded as every config string (and no default: a field left out keeps its stored value).
 */
export const updateAdvancedWebhookConfigInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject(
      z.partial(z.extend(advancedWebhookConfig, { publicKey: configString, messageRetentionDays })).shape,
    )
    .check(
      z.refine(
        hasAny,
        atLeastOne(
          'isEnabled, encryptData, encodeData, publicKey, enableDataProtection, messageRetentionDays',
        ),
      ),
    ),
);
export type UpdateAdvancedWebhookConfig = z.output<typeof updateAdvancedWebhookConfigInput>;
