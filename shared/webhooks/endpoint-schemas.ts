import * as z from 'zod';
import { httpUrl } from '../settings/schemas';

/** Largest page of the endpoint list, and the default (addendum §5). */
export const maxEndpointPageSize = 250;
export const defaultEndpointPageSize = 50;

/** Endpoint ids are service-generated; anything longer cannot be one. */
const endpointId = z.string().min(1).max(64);

/** Event types or channels an endpoint subscribes to: non-empty when given, null means all. */
const subscriptionList = z.array(z.string().min(1).max(128)).min(1).max(100).nullable();

/** Caller metadata: a string map returned as stored. */
const metadata = z
  .record(z.string().min(1).max(128), z.string().max(1024))
  .refine((value) => Object.keys(value).length <= 50, 'at most 50 entries');

/** Deliveries per second; positive integer (base contract), bounded like Svix's. */
const rateLimit = z.number().int().positive().max(65535).nullable();

const description = z.string().max(1024);

export const createEndpointInput = z
  .object({
    url: httpUrl,
    description: description.optional(),
    filterTypes: subscriptionList.optional(),
    channels: subscriptionList.optional(),
    disabled: z.boolean().optional(),
    rateLimit: rateLimit.optional(),
    uid: z.string().min(1).max(256).nullable().optional(),
    metadata: metadata.optional(),
  })
  .strict();
export type CreateEndpointInput = z.output<typeof createEndpointInput>;

/** The fields an update may change (no `uid`, base contract #5). */
const endpointChanges = {
  url: httpUrl.optional(),
  description: description.optional(),
  filterTypes: subscriptionList.optional(),
  channels: subscriptionList.optional(),
  disabled: z.boolean().optional(),
  rateLimit: rateLimit.optional(),
  metadata: metadata.optional(),
};

export const updateEndpointInput = z
  .object({ endpointId, ...endpointChanges })
  .strict()
  .refine(({ endpointId: _id, ...changes }) => Object.values(changes).some((value) => value !== undefined), {
    message: 'send at least one field besides endpointId',
  });
export type UpdateEndpointInput = z.output<typeof updateEndpointInput>;
export type EndpointChanges = Omit<UpdateEndpointInput, 'endpointId'>;

export const endpointIdInput = z.object({ endpointId }).strict();

export const listEndpointsInput = z
  .object({
    limit: z.number().int().min(1).max(maxEndpointPageSize).default(defaultEndpointPageSize),
    iterator: z.string().min(1).max(4096).nullable().optional(),
  })
  .strict();

/** A stored endpoint (keys stripped). Secrets are sealed, bound to the API key and endpoint id. */
export const endpointRecord = z.object({
  endpointId: z.string(),
  url: z.string(),
  description: z.string(),
  filterTypes: z.array(z.string()).nullable(),
  channels: z.array(z.string()).nullable(),
  disabled: z.boolean(),
  rateLimit: z.number().nullable(),
  uid: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  secretEncrypted: z.string(),
  /** The secret before the last rotation; it keeps signing until `previousSecretExpiresAt` (epoch ms). */
  previousSecretEncrypted: z.string().optional(),
  previousSecretExpiresAt: z.number().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type EndpointRecord = z.infer<typeof endpointRecord>;

/** Where a list page starts: after `endpointId`, towards older (`next`) or newer (`prev`) endpoints. */
export const endpointCursor = z.object({ endpointId: z.string(), direction: z.enum(['next', 'prev']) });
export type EndpointCursor = z.infer<typeof endpointCursor>;

// Responses.

/** An advanced webhook endpoint as responses show it (base contract's Advanced webhook endpoint). */
export const endpointView = z
  .object({
    id: z.string().meta({ description: 'Service-assigned endpoint id.' }),
    url: z.string(),
    description: z.string(),
    filterTypes: z.array(z.string()).nullable().meta({ description: 'Subscribed event types; null: all.' }),
    channels: z.array(z.string()).nullable().meta({ description: 'Subscribed channels; null: all.' }),
    disabled: z.boolean(),
    rateLimit: z.number().nullable().meta({ description: 'Deliveries per second; null: unlimited.' }),
    uid: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    createdAt: z.iso.datetime().meta({ description: 'ISO 8601 UTC.' }),
    updatedAt: z.iso.datetime().meta({ description: 'ISO 8601 UTC.' }),
  })
  .meta({ id: 'WebhookEndpoint' });

/** workspace/advancedwebhook/endpoints/get `data`: a page of endpoints with its cursors. */
export const endpointPage = z.object({
  endpoints: z.array(endpointView),
  iterator: z.string().nullable().meta({ description: 'Cursor of the next page; null on the last.' }),
  prevIterator: z.string().nullable(),
  done: z.boolean(),
});

/** endpoints/secret get and rotate `data`: the current signing secret (`whsec_` + base64). */
export const endpointSecretView = z.object({
  endpointId: z.string(),
  secret: z.string().startsWith('whsec_'),
});
