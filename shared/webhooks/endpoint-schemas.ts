import * as z from 'zod';
import { httpUrl } from '../settings/schemas';
import { eventTypeNames } from './event-schemas';

/** Largest page of the endpoint list, and the default (addendum §5). */
export const maxEndpointPageSize = 250;
export const defaultEndpointPageSize = 50;

/** Endpoint ids are service-generated; anything longer cannot be one. */
const endpointId = /* @__PURE__ */ z.string().min(1).max(64);

/** Event types or channels an endpoint subscribes to: non-empty when given, null means all. */
const subscriptionList = <Item extends z.ZodType>(item: Item) => z.array(item).min(1).max(100).nullable();
/** Event types only from the catalog: a misspelt name would silently match nothing. */
const filterTypes = /* @__PURE__ */ subscriptionList(z.enum(eventTypeNames));
const channels = /* @__PURE__ */ subscriptionList(z.string().min(1).max(128));

/** Caller metadata: a string map returned as stored. */
const metadata = /* @__PURE__ */ z
  .record(z.string().min(1).max(128), z.string().max(1024))
  .refine((value) => Object.keys(value).length <= 50, 'at most 50 entries');

/** Deliveries per second; positive integer (base contract), bounded like Svix's. */
const rateLimit = /* @__PURE__ */ z.number().int().positive().max(65535).nullable();

const description = /* @__PURE__ */ z.string().max(1024);

export const createEndpointInput = /* @__PURE__ */ z
  .object({
    url: httpUrl,
    description: description.optional(),
    filterTypes: filterTypes.optional(),
    channels: channels.optional(),
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
  filterTypes: filterTypes.optional(),
  channels: channels.optional(),
  disabled: z.boolean().optional(),
  rateLimit: rateLimit.optional(),
  metadata: metadata.optional(),
};

export const updateEndpointInput = /* @__PURE__ */ z
  .object({ endpointId, ...endpointChanges })
  .strict()
  .refine(({ endpointId: _id, ...changes }) => Object.values(changes).some((value) => value !== undefined), {
    message: 'send at least one field besides endpointId',
  });
export type UpdateEndpointInput = z.output<typeof updateEndpointInput>;
export type EndpointChanges = Omit<UpdateEndpointInput, 'endpointId'>;

export const endpointIdInput = /* @__PURE__ */ z.object({ endpointId }).strict();

export const listEndpointsInput = /* @__PURE__ */ z
  .object({
    limit: z.number().int().min(1).max(maxEndpointPageSize).default(defaultEndpointPageSize),
    iterator: z.string().min(1).max(4096).nullable().optional(),
  })
  .strict();

/** A stored endpoint (keys stripped). Secrets are sealed, bound to the API key and endpoint id. */
export const endpointRecord = /* @__PURE__ */ z.object({
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
export const endpointCursor = /* @__PURE__ */ z.object({
  endpointId: z.string(),
  direction: z.enum(['next', 'prev']),
});
export type EndpointCursor = z.infer<typeof endpointCursor>;

// Responses.

/** An advanced webhook endpoint as responses show it (base contract's Advanced webhook endpoint). */
export const endpointView = /* @__PURE__ */ z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    filterTypes: z.array(z.string()).nullable(),
    channels: z.array(z.string()).nullable(),
    disabled: z.boolean(),
    rateLimit: z.number().nullable(),
    uid: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });

/** workspace/advancedwebhook/endpoints/get `data`: a page of endpoints with its cursors. */
export const endpointPage = /* @__PURE__ */ z.object({
  endpoints: z.array(endpointView),
  iterator: z.string().nullable(),
  prevIterator: z.string().nullable(),
  done: z.boolean(),
});

/** endpoints/secret get and rotate `data`: the current signing secret (`whsec_` + base64). */
export const endpointSecretView = /* @__PURE__ */ z.object({
  endpointId: z.string(),
  secret: z.string().startsWith('whsec_'),
});
