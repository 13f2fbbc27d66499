import type { AdvancedWebhookConfig, WebhookConfig } from '../settings/webhook-config-schemas';
import { getAdvancedWebhookConfig, getWebhookConfig } from '../settings/webhook-config-service';
import { listEndpoints } from './endpoint-repository';
import type { EndpointCursor, EndpointRecord } from './endpoint-schemas';
import { eventChannels, operationalEventTypes, type PublishedEvent } from './event-schemas';
import { endpointTarget, type TargetId } from './message-schemas';

/**
 * Whether an endpoint receives an event (Svix rules): not disabled; `filterTypes` null or naming
 * the event type; `channels` null, or sharing at least one channel with the message — so a message
 * without channels reaches only endpoints without a channel filter. An operational event goes only
 * to endpoints whose `filterTypes` name it, and never to the endpoint it is about.
 */
export function endpointWants(
  endpoint: Pick<EndpointRecord, 'endpointId' | 'disabled' | 'filterTypes' | 'channels'>,
  event: Pick<PublishedEvent, 'event' | 'organizationId' | 'documentId' | 'data'>,
): boolean {
  if (endpoint.disabled) return false;
  if (operationalEventTypes.has(event.event)) {
    return (
      endpoint.filterTypes?.includes(event.event) === true && event.data.endpointId !== endpoint.endpointId
    );
  }
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

/** What decides an API key's targets: both webhook configs and, with advanced webhooks on, its endpoints. */
export interface TargetConfig {
  basic: WebhookConfig;
  advanced: AdvancedWebhookConfig;
  endpoints: EndpointRecord[];
}

/** Reads an API key's target configuration: both configs in parallel, then the endpoints if enabled. */
export async function readTargetConfig(apiKey: string): Promise<TargetConfig> {
  const [basic, advanced] = await Promise.all([getWebhookConfig(apiKey), getAdvancedWebhookConfig(apiKey)]);
  return { basic, advanced, endpoints: advanced.isEnabled ? await allEndpoints(apiKey) : [] };
}

/**
 * The targets of an event under a target configuration: the basic-webhook raw and processed URLs
 * (service on, the event's trigger on, URL set; never an operational event) and every advanced
 * endpoint that wants it (advanced webhooks enabled).
 */
export function targetsOf(config: TargetConfig, event: PublishedEvent): TargetId[] {
  const targets: TargetId[] = [];
  const service = config.basic.webhookServiceConfig;
  const basic = config.basic.useWebhookService && !operationalEventTypes.has(event.event);
  if (basic && service.triggers[event.event] === true) {
    if (service.rawNotificationUrl) targets.push('basic:raw');
    if (service.processedNotificationUrl) targets.push('basic:processed');
  }
  if (config.advanced.isEnabled) {
    for (const endpoint of config.endpoints) {
      if (endpointWants(endpoint, event)) targets.push(endpointTarget(endpoint.endpointId));
    }
  }
  return targets;
}
