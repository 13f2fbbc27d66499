import type { PublishedEvent } from '../events/schemas';
import { getAdvancedWebhookConfig, getWebhookConfig } from '../settings/service';
import { listEndpoints } from '../webhooks/repository';
import type { EndpointCursor, EndpointRecord } from '../webhooks/schemas';
import { endpointTarget, type TargetId } from './schemas';

/** The channels a message carries (addendum §8): `org.<organizationId>`, `doc.<documentId>`. */
export function eventChannels(event: Pick<PublishedEvent, 'organizationId' | 'documentId'>): string[] {
  return [
    ...(event.organizationId !== undefined ? [`org.${event.organizationId}`] : []),
    ...(event.documentId !== undefined ? [`doc.${event.documentId}`] : []),
  ];
}

/**
 * Whether an endpoint receives an event (Svix rules): not disabled; `filterTypes` null or naming
 * the event type; `channels` null, or sharing at least one channel with the message — so a message
 * without channels reaches only endpoints without a channel filter.
 */
export function endpointWants(
  endpoint: Pick<EndpointRecord, 'disabled' | 'filterTypes' | 'channels'>,
  event: Pick<PublishedEvent, 'event' | 'organizationId' | 'documentId'>,
): boolean {
  if (endpoint.disabled) return false;
  if (endpoint.filterTypes !== null && !endpoint.filterTypes.includes(event.event)) return false;
  if (endpoint.channels === null) return true;
  const channels = eventChannels(event);
  return endpoint.channels.some((channel) => channels.includes(channel));
}

/** Endpoints are listed in pages of the largest size the list allows. */
const endpointPageSize = 250;

async function allEndpoints(apiKey: string): Promise<EndpointRecord[]> {
  const endpoints: EndpointRecord[] = [];
  let cursor: EndpointCursor | undefined;
  for (;;) {
    const page = await listEndpoints(apiKey, endpointPageSize, cursor);
    endpoints.push(...page.endpoints);
    const last = page.endpoints.at(-1);
    if (!page.more || !last) return endpoints;
    cursor = { endpointId: last.endpointId, direction: 'next' };
  }
}

/**
 * The targets of an event under the API key's current configuration: the basic-webhook raw and
 * processed URLs (service on, the event's trigger on, URL set) and every advanced endpoint that
 * wants it (advanced webhooks enabled). Reads both configs in parallel, then the endpoints.
 */
export async function resolveTargets(apiKey: string, event: PublishedEvent): Promise<TargetId[]> {
  const [basic, advanced] = await Promise.all([getWebhookConfig(apiKey), getAdvancedWebhookConfig(apiKey)]);
  const targets: TargetId[] = [];
  const service = basic.webhookServiceConfig;
  if (basic.useWebhookService && service.triggers[event.event] === true) {
    if (service.rawNotificationUrl) targets.push('basic:raw');
    if (service.processedNotificationUrl) targets.push('basic:processed');
  }
  if (advanced.isEnabled) {
    for (const endpoint of await allEndpoints(apiKey)) {
      if (endpointWants(endpoint, event)) targets.push(endpointTarget(endpoint.endpointId));
    }
  }
  return targets;
}
