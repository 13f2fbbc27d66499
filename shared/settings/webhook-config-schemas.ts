import * as z from 'zod';
import { atLeastOne, configString, hasAny, httpUrl } from './schemas';

/**
 * The webhook configs of an API key, stored by the settings config store (`apiKeyConfig` items of
 * kinds `webhook` and `advancedWebhook`): where and how basic webhooks post, and whether advanced
 * endpoints receive messages.
 */

/** A webhook event type such as `comment.add` or `huddle.create`. */
const eventType = /* @__PURE__ */ z
  .string()
  .regex(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/)
  .max(128);

// Basic webhooks (base contract #23, addendum §5).

/** The stored basic-webhook config, always complete (defaults filled in). */
export const webhookConfig = /* @__PURE__ */ z.object({
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
});
export type WebhookConfig = z.infer<typeof webhookConfig>;

/** Basic-webhook triggers an update may set, by event type (at most 100 per request). */
const triggerUpdates = /* @__PURE__ */ z
  .record(eventType, z.boolean())
  .refine((triggers) => Object.keys(triggers).length <= 100, 'at most 100 triggers');

/** The fields of `webhookServiceConfig` an update may send. */
const webhookServiceConfigUpdate = /* @__PURE__ */ z
  .object({
    authToken: configString.optional(),
    rawNotificationUrl: httpUrl.optional(),
    processedNotificationUrl: httpUrl.optional(),
    encodeData: z.boolean().optional(),
    encryptData: z.boolean().optional(),
    publicKey: configString.optional(),
    enableDataProtection: z.boolean().optional(),
    triggers: triggerUpdates.optional(),
  })
  .strict();

/** workspace/webhookconfig/update `data`: a partial basic-webhook config. */
export const updateWebhookConfigInput = /* @__PURE__ */ z
  .object({
    useWebhookService: z.boolean().optional(),
    webhookServiceConfig: webhookServiceConfigUpdate.optional(),
  })
  .strict()
  .refine(hasAny, atLeastOne('useWebhookService, webhookServiceConfig'));
export type UpdateWebhookConfig = z.output<typeof updateWebhookConfigInput>;

// Advanced webhooks (base contract #9, addendum §5).

/** How long advanced-webhook messages and their attempts are kept (addendum §11), in days. */
export const messageRetention = { minDays: 1, maxDays: 90, defaultDays: 30 } as const;

const messageRetentionDays = /* @__PURE__ */ z
  .number()
  .int()
  .min(messageRetention.minDays)
  .max(messageRetention.maxDays);

/**
 * The stored advanced-webhook config, always complete (defaults filled in; a config stored before
 * `messageRetentionDays` existed reads with the default).
 */
export const advancedWebhookConfig = /* @__PURE__ */ z.object({
  isEnabled: z.boolean(),
  encryptData: z.boolean(),
  encodeData: z.boolean(),
  publicKey: z.string(),
  enableDataProtection: z.boolean(),
  messageRetentionDays: messageRetentionDays.default(messageRetention.defaultDays),
});
export type AdvancedWebhookConfig = z.infer<typeof advancedWebhookConfig>;

/**
 * workspace/advancedwebhookconfig/update `data`: any of the stored config's fields, the public key
 * bounded as every config string (and no default: a field left out keeps its stored value).
 */
export const updateAdvancedWebhookConfigInput = /* @__PURE__ */ advancedWebhookConfig
  .extend({ publicKey: configString, messageRetentionDays })
  .partial()
  .strict()
  .refine(
    hasAny,
    atLeastOne('isEnabled, encryptData, encodeData, publicKey, enableDataProtection, messageRetentionDays'),
  );
export type UpdateAdvancedWebhookConfig = z.output<typeof updateAdvancedWebhookConfigInput>;
