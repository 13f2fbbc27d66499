import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { httpUrl } from '../settings/schemas';
import { eventTypeNames } from './event-schemas';

/** Largest page of the endpoint list, and the default (addendum §5). */
export const maxEndpointPageSize = 250;
export const defaultEndpointPageSize = 50;

/** Endpoint ids are service-generated; anything longer cannot be one. */
const endpointId = /* @__PURE__ */ buildSchema(() => z.string().check(z.minLength(1), z.maxLength(64)));

/** Event types or channels an endpoint subscribes to: non-empty when given, null means all. */
const subscriptionList = <Item extends z.ZodMiniType>(item: Item) =>
  z.nullable(z.array(item).check(z.minLength(1), z.maxLength(100)));
/** Event types only from the catalog: a misspelt name would silently match nothing. */
const filterTypes = /* @__PURE__ */ buildSchema(() => subscriptionList(z.enum(eventTypeNames)));
const channels = /* @__PURE__ */ buildSchema(() =>
  subscriptionList(z.string().check(z.minLength(1), z.maxLength(128))),
);

/** Caller metadata: a string map returned as stored. */
const metadata = /* @__PURE__ */ buildSchema(() =>
  z
    .record(z.string().check(z.minLength(1), z.maxLength(128)), z.string().check(z.maxLength(1024)))
    .check(z.refine((value) => Object.keys(value).length <= 50, 'at most 50 entries')),
);

/** Deliveries per second; positive integer (base contract), bounded like Svix's. */
const rateLimit = /* @__PURE__ */ buildSchema(() =>
  z.nullable(z.int().check(z.positive(), z.maximum(65535))),
);

const description = /* @__PURE__ */ buildSchema(() => z.string().check(z.maxLength(1024)));

export const createEndpointInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    url: httpUrl,
    description: z.optional(description),
    filterTypes: z.optional(filterTypes),
    channels: z.optional(channels),
    disabled: z.optional(z.boolean()),
    rateLimit: z.optional(rateLimit),
    uid: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(256)))),
    metadata: z.optional(metadata),
  }),
);
export type CreateEndpointInput = z.output<typeof createEndpointInput>;

/** The fields an update may change (no `uid`, base contract #5). */
const endpointChanges = {
  url: z.optional(httpUrl),
  description: z.optional(description),
  filterTypes: z.optional(filterTypes),
  channels: z.optional(channels),
  disabled: z.optional(z.boolean()),
  rateLimit: z.optional(rateLimit),
  metadata: z.optional(metadata),
};

export const updateEndpointInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({ endpointId, ...endpointChanges }).check(
    z.refine(
      ({ endpointId: _id, ...changes }) => Object.values(changes).some((value) => value !== undefined),
      {
        message: 'send at least one field besides endpointId',
      },
    ),
  ),
);
export type UpdateEndpointInput = z.output<typeof updateEndpointInput>;
export type EndpointChanges = Omit<UpdateEndpointInput, 'endpointId'>;

export const endpointIdInput = /* @__PURE__ */ buildSchema(() => z.strictObject({ endpointId }));

export const listEndpointsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    limit: z._default(z.int().check(z.minimum(1), z.maximum(maxEndpointPageSize)), defaultEndpointPageSize),
    iterator: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(4096)))),
  }),
);

/** What an endpoint is, stored and shown alike (a shape: built where a schema spreads it). */
const endpointSettings = () => ({
  url: z.string(),
  description: z.string(),
  filterTypes: z.nullable(z.array(z.string())),
  channels: z.nullable(z.array(z.string())),
  disabled: z.boolean(),
  rateLimit: z.nullable(z.number()),
  uid: z.nullable(z.string()),
  metadata: z.record(z.string(), z.string()),
});

/** A stored endpoint (keys stripped). Secrets are sealed, bound to the API key and endpoint id. */
export const endpointRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    endpointId: z.string(),
    ...endpointSettings(),
    secretEncrypted: z.string(),
    /** The secret before the last rotation; it keeps signing until `previousSecretExpiresAt` (epoch ms). */
    previousSecretEncrypted: z.optional(z.string()),
    previousSecretExpiresAt: z.optional(z.number()),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type EndpointRecord = z.infer<typeof endpointRecord>;

/** Where a list page starts: after `endpointId`, towards older (`next`) or newer (`prev`) endpoints. */
export const endpointCursor = /* @__PURE__ */ buildSchema(() =>
  z.object({
    endpointId: z.string(),
    direction: z.enum(['next', 'prev']),
  }),
);
export type EndpointCursor = z.infer<typeof endpointCursor>;

// Responses.

/** An advanced webhook endpoint as responses show it (base contract's Advanced webhook endpoint). */
export const endpointView = /* @__PURE__ */ buildSchema(() =>
  z
    .object({
      id: z.string(),
      ...endpointSettings(),
      createdAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
    })
    .check(z.meta({ id: 'WebhookEndpoint' })),
);

/** workspace/advancedwebhook/endpoints/get `data`: a page of endpoints with its cursors. */
export const endpointPage = /* @__PURE__ */ buildSchema(() =>
  z.object({
    endpoints: z.array(endpointView),
    iterator: z.nullable(z.string()),
    prevIterator: z.nullable(z.string()),
    done: z.boolean(),
  }),
);

/** endpoints/secret get and rotate `data`: the current signing secret (`whsec_` + base64). */
export const endpointSecretView = /* @__PURE__ */ buildSchema(() =>
  z.object({
    endpointId: z.string(),
    secret: z.string().check(z.startsWith('whsec_')),
  }),
);
