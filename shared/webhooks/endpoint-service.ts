import type * as z from 'zod/mini';
import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { ApiError, failedPrecondition, invalidArgument, notFound } from '../core/errors';
import type { TransactItem } from '../db/batch';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { assertAllowedTargetUrl } from '../security/outbound-http';
import { enableAdvancedWebhooksHint } from '../settings/webhook-config-merge';
import type { AdvancedWebhookConfig } from '../settings/webhook-config-schemas';
import { getAdvancedWebhookConfig } from '../settings/webhook-config-service';
import { resetEndpointFailures } from './delivery/endpoint-state';
import { newEndpointId } from './endpoint-ids';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateReadEndpoint,
} from './endpoint-repository';
import {
  type CreateEndpointInput,
  type EndpointChanges,
  type EndpointCursor,
  type EndpointRecord,
  endpointCursor,
  type listEndpointsInput,
  type UpdateEndpointInput,
} from './endpoint-schemas';
import { endpointChangedEvents, endpointCreatedEvents, endpointDeletedEvents } from './operational-events';
import { newSigningSecret, previousSecretLifetimeMs, signingSecrets } from './signing-secrets';

/**
 * Every endpoint operation needs advanced webhooks enabled (base contract, States). One read;
 * returns the config. Throws FAILED_PRECONDITION saying how to enable them.
 */
export async function requireAdvancedWebhooks(apiKey: string): Promise<AdvancedWebhookConfig> {
  const config = await getAdvancedWebhookConfig(apiKey);
  if (!config.isEnabled) {
    throw failedPrecondition(
      `Advanced webhooks are not enabled for this API key; ${enableAdvancedWebhooksHint}.`,
    );
  }
  return config;
}

/** The contract's Endpoint object: unset optionals as explicit null, ISO 8601 timestamps, no secrets. */
function endpointView(endpoint: EndpointRecord) {
  return {
    id: endpoint.endpointId,
    url: endpoint.url,
    description: endpoint.description,
    filterTypes: endpoint.filterTypes,
    channels: endpoint.channels,
    disabled: endpoint.disabled,
    rateLimit: endpoint.rateLimit,
    uid: endpoint.uid,
    metadata: endpoint.metadata,
    createdAt: new Date(endpoint.createdAt).toISOString(),
    updatedAt: new Date(endpoint.updatedAt).toISOString(),
  };
}

const endpointMissing = (endpointId: string) => notFound(`Endpoint ${endpointId} not found.`);

/**
 * Creates an endpoint with a service-generated id and signing secret, within the API key's cap of
 * `MAX_WEBHOOK_ENDPOINTS_PER_API_KEY` endpoints. Throws ALREADY_EXISTS on a taken uid,
 * INVALID_ARGUMENT when the URL targets a refused address (SSRF), RESOURCE_EXHAUSTED at the cap.
 * `enabled` is `requireAdvancedWebhooks`, possibly started earlier (a route's prefetch); likewise below.
 */
export async function createEndpoint(
  apiKey: string,
  input: CreateEndpointInput,
  enabled = requireAdvancedWebhooks(apiKey),
) {
  await Promise.all([enabled, assertAllowedTargetUrl('url', input.url)]);
  const now = nowMs();
  const endpointId = newEndpointId(now);
  const endpoint: EndpointRecord = {
    endpointId,
    url: input.url,
    description: input.description ?? '',
    filterTypes: input.filterTypes ?? null,
    channels: input.channels ?? null,
    disabled: input.disabled ?? false,
    rateLimit: input.rateLimit ?? null,
    uid: input.uid ?? null,
    metadata: input.metadata ?? {},
    secretEncrypted: newSigningSecret(apiKey, endpointId).encrypted,
    createdAt: now,
    updatedAt: now,
  };
  await insertEndpoint(
    apiKey,
    endpoint,
    env().MAX_WEBHOOK_ENDPOINTS_PER_API_KEY,
    endpointCreatedEvents(apiKey, endpoint),
  );
  return endpointView(endpoint);
}

/** Writes of one endpoint tried on a fresh read before a change gives up (ABORTED). */
const maxEndpointWrites = 5;

/**
 * Applies changes to an endpoint as read (`read`, then fresh strongly consistent reads while
 * other writes come between), publishing its events in the same transaction (`eventsOf`).
 * Returns its state after the write, or undefined when it does not exist or `skip` says so.
 */
async function changeReadEndpoint(
  apiKey: string,
  endpointId: string,
  read: Promise<EndpointRecord | undefined>,
  changes: EndpointChanges,
  eventsOf: (before: EndpointRecord, after: EndpointRecord) => TransactItem[],
  skip: (endpoint: EndpointRecord) => boolean = () => false,
): Promise<EndpointRecord | undefined> {
  let endpoint = await read;
  for (let write = 0; write < maxEndpointWrites; write += 1) {
    if (!endpoint || skip(endpoint)) return undefined;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    // Strictly later than the version read, so the next writer's condition sees the change.
    const updatedAt = Math.max(nowMs(), endpoint.updatedAt + 1);
    const after: EndpointRecord = { ...endpoint, ...defined, updatedAt };
    if (await updateReadEndpoint(apiKey, endpoint, { ...changes, updatedAt }, eventsOf(endpoint, after)))
      return after;
    endpoint = await findEndpoint(apiKey, endpointId);
  }
  throw new ApiError('ABORTED', 'The endpoint is being changed concurrently; retry.');
}

/**
 * Partially updates an endpoint and returns its post-write state, with `endpoint.updated` (and
 * `endpoint.disabled` when it disables it) in the same transaction. `read` is
 * `requireEndpointAndConfig`, possibly the route's prefetch. Throws NOT_FOUND, INVALID_ARGUMENT (SSRF).
 */
export async function changeEndpoint(
  apiKey: string,
  input: UpdateEndpointInput,
  read = requireEndpointAndConfig(apiKey, input.endpointId),
) {
  const { endpointId, ...changes } = input;
  await assertAllowedTargetUrl('url', input.url);
  const endpoint = read.then((found) => found.endpoint);
  const updated = await changeReadEndpoint(apiKey, endpointId, endpoint, changes, (before, after) =>
    endpointChangedEvents(apiKey, before, after, 'manual'),
  );
  if (!updated) throw endpointMissing(endpointId);
  // Re-enabled: its old failing streak must not disable it again at the next single failure.
  if (changes.disabled === false) await resetEndpointFailures(apiKey, endpointId);
  return endpointView(updated);
}

/**
 * Disables an endpoint that has failed for 5 days, with `endpoint.disabled` (`reason: failing`) in
 * the same transaction; nothing when it is gone or disabled already. Returns whether it disabled it.
 */
export async function disableFailingEndpoint(apiKey: string, endpointId: string): Promise<boolean> {
  const disabled = await changeReadEndpoint(
    apiKey,
    endpointId,
    findEndpoint(apiKey, endpointId),
    { disabled: true },
    (before, after) => endpointChangedEvents(apiKey, before, after, 'failing'),
    (endpoint) => endpoint.disabled,
  );
  return disabled !== undefined;
}

/**
 * The endpoint, which must exist under this API key (another key's endpoint is NOT_FOUND like a
 * missing one), and the advanced-webhook config: read in parallel, so a route can start it whole
 * as its prefetch. Throws FAILED_PRECONDITION, NOT_FOUND.
 */
export async function requireEndpointAndConfig(apiKey: string, endpointId: string) {
  const [config, endpoint] = await Promise.all([
    requireAdvancedWebhooks(apiKey),
    findEndpoint(apiKey, endpointId),
  ]);
  if (!endpoint) throw endpointMissing(endpointId);
  return { endpoint, config };
}

/** The endpoint, as `requireEndpointAndConfig` reads it. Throws FAILED_PRECONDITION, NOT_FOUND. */
export const requireEndpoint = async (apiKey: string, endpointId: string) =>
  (await requireEndpointAndConfig(apiKey, endpointId)).endpoint;

/**
 * Deletes an endpoint (and frees its uid and its place under the cap). Throws NOT_FOUND. `endpoint`
 * is `requireEndpoint`'s read, possibly started as the route's prefetch.
 */
export async function removeEndpoint(
  apiKey: string,
  endpointId: string,
  endpoint = requireEndpoint(apiKey, endpointId),
): Promise<void> {
  const read = await endpoint;
  if (!(await deleteEndpoint(apiKey, read, endpointDeletedEvents(apiKey, read))))
    throw endpointMissing(endpointId);
}

/** The endpoint's current signing secret. Throws NOT_FOUND. */
export async function getEndpointSecret(apiKey: string, endpointId: string) {
  const [, endpoint] = await Promise.all([requireAdvancedWebhooks(apiKey), findEndpoint(apiKey, endpointId)]);
  if (!endpoint) throw endpointMissing(endpointId);
  return { endpointId, secret: signingSecrets(apiKey, endpoint)[0] };
}

/** Replaces the endpoint's signing secret; the old one keeps signing for 24 h. Throws NOT_FOUND. */
export async function rotateEndpointSigningSecret(
  apiKey: string,
  endpointId: string,
  enabled = requireAdvancedWebhooks(apiKey),
) {
  await enabled;
  const now = nowMs();
  const { secret, encrypted } = newSigningSecret(apiKey, endpointId);
  if (!(await rotateEndpointSecret(apiKey, endpointId, encrypted, now + previousSecretLifetimeMs, now))) {
    throw endpointMissing(endpointId);
  }
  return { endpointId, secret };
}

// Listing: Svix iterators. `iterator` continues towards older endpoints, `prevIterator` towards
// newer ones; both are page tokens (encrypted, bound to the API key) around an endpoint id.

const iteratorBinding = (apiKey: string) => ({
  owner: `apiKey:${apiKey}`,
  query: { list: 'webhookEndpoints' },
});

function writeIterator(apiKey: string, endpointId: string, direction: EndpointCursor['direction']) {
  return encodePageToken({ endpointId, direction }, iteratorBinding(apiKey));
}

function readIterator(apiKey: string, iterator: string): EndpointCursor {
  try {
    return endpointCursor.parse(decodePageToken(iterator, iteratorBinding(apiKey)));
  } catch (error) {
    if (error instanceof ApiError) throw invalidArgument('iterator: invalid or expired iterator');
    throw error;
  }
}

/**
 * One page of endpoints, newest first (one Query, with the enabled check read in parallel).
 * `done` says the walk in the requested direction has no further page; `iterator` is null only
 * at the oldest end, `prevIterator` only at the newest end of a backward walk (or on an empty list).
 */
export async function getEndpoints(apiKey: string, input: z.output<typeof listEndpointsInput>) {
  const cursor = input.iterator ? readIterator(apiKey, input.iterator) : undefined;
  const [, page] = await Promise.all([
    requireAdvancedWebhooks(apiKey),
    listEndpoints(apiKey, input.limit, cursor),
  ]);
  const backwards = cursor?.direction === 'prev';
  const newest = page.endpoints[0]?.endpointId ?? (backwards ? cursor?.endpointId : undefined);
  const oldest = page.endpoints.at(-1)?.endpointId ?? (backwards ? cursor?.endpointId : undefined);
  const olderExist = backwards || page.more;
  const newerMayExist = backwards ? page.more : newest !== undefined;
  return {
    endpoints: page.endpoints.map(endpointView),
    iterator: olderExist && oldest ? writeIterator(apiKey, oldest, 'next') : null,
    prevIterator: newerMayExist && newest ? writeIterator(apiKey, newest, 'prev') : null,
    done: !page.more,
  };
}
