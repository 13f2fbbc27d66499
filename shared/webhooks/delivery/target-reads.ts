import { batchGet } from '../../db/batch';
import type { ConfigKind } from '../../db/entities/workspace';
import { keys } from '../../db/keys';
import { configFromItem } from '../../settings/repository';
import type { AdvancedWebhookConfig, WebhookConfig } from '../../settings/webhook-config-schemas';
import { advancedWebhookConfigFrom, webhookConfigFrom } from '../../settings/webhook-config-service';
import { endpointFromItem } from '../endpoint-repository';
import type { EndpointRecord } from '../endpoint-schemas';
import { endpointIdOf, type TargetId } from '../message-schemas';
import { failingSinceOf } from './endpoint-state';

/**
 * An endpoint's failing streak as this batch knows it: read with the batch, then kept current by
 * the batch's own health writes, so only a change is written (a success while not failing, a
 * failure while already failing, write nothing).
 */
export interface EndpointHealth {
  failingSince: number | undefined;
}

/** The configuration a batch of delivery attempts reads, each item once per batch. */
export interface TargetReads {
  webhookConfig(apiKey: string): Promise<WebhookConfig>;
  advancedWebhookConfig(apiKey: string): Promise<AdvancedWebhookConfig>;
  endpoint(apiKey: string, endpointId: string): Promise<EndpointRecord | undefined>;
  health(apiKey: string, endpointId: string): Promise<EndpointHealth>;
}

type Item = Record<string, unknown>;
const itemId = (key: { pk: unknown; sk: unknown }) => `${String(key.pk)}\u0000${String(key.sk)}`;
const configKind = (target: TargetId): ConfigKind =>
  endpointIdOf(target) === undefined ? 'webhook' : 'advancedWebhook';

/**
 * Reads what the attempts of one batch (one worker invocation) need in one strongly consistent
 * BatchGetItem, started at once so it runs beside the batch's claims: each API key's webhook config
 * of the kinds its targets use, each endpoint and its state item. The configuration is still read
 * at every attempt (a retry comes in a later batch), so a corrected URL or a disabled endpoint
 * applies to the next attempt as before; only the attempts of one batch share a read.
 */
export function readTargetsOf(targets: readonly { apiKey: string; targetId: TargetId }[]): TargetReads {
  const wanted = targets.flatMap(({ apiKey, targetId }) => {
    const endpointId = endpointIdOf(targetId);
    const config = keys.apiKeyConfig(apiKey, configKind(targetId));
    return endpointId === undefined
      ? [config]
      : [config, keys.webhookEndpoint(apiKey, endpointId), keys.webhookEndpointState(apiKey, endpointId)];
  });
  const items = batchGet(wanted, undefined, true).then(
    (found) =>
      new Map<string, Item>(found.map((item) => [itemId(item as { pk: unknown; sk: unknown }), item])),
  );
  // Awaited by the attempts that get past their claims; none may, and a failed read must not then
  // go unhandled.
  items.catch(() => undefined);
  const read = new Set(wanted.map(itemId));
  const item = async (key: { pk: string; sk: string }) => {
    // A key the batch did not read would look like a deleted endpoint and dead-letter its message.
    if (!read.has(itemId(key))) throw new Error('target configuration was not read with the batch');
    return (await items).get(itemId(key));
  };
  const healths = new Map<string, Promise<EndpointHealth>>();
  const config = async (apiKey: string, kind: ConfigKind) => {
    const found = await item(keys.apiKeyConfig(apiKey, kind));
    return found && configFromItem(apiKey, kind, found);
  };
  return {
    webhookConfig: async (apiKey) => webhookConfigFrom(await config(apiKey, 'webhook')),
    advancedWebhookConfig: async (apiKey) =>
      advancedWebhookConfigFrom(await config(apiKey, 'advancedWebhook')),
    endpoint: async (apiKey, endpointId) => {
      const found = await item(keys.webhookEndpoint(apiKey, endpointId));
      return found && endpointFromItem(found);
    },
    health: (apiKey, endpointId) => {
      const key = keys.webhookEndpointState(apiKey, endpointId);
      let health = healths.get(itemId(key));
      if (!health) {
        health = item(key).then((found) => ({ failingSince: found && failingSinceOf(found) }));
        healths.set(itemId(key), health);
      }
      return health;
    },
  };
}
