import { nowMs } from '../core/clock';
import type { logger } from '../core/logger';
import { dueIndexShards } from '../db/entities/lifecycle';
import { listDueKeys, readDueItems } from './repository';

type Item = Record<string, unknown>;

/**
 * Puts one kind of overdue work back on its way. Items reach it with every attribute (keys too);
 * it must be idempotent — an item may be handed over again if a sweep dies — and must move the item
 * out of the due index or to a later due time, else the next sweep finds it again.
 */
export interface DueHandler {
  /** The `entity` of the items it handles. */
  readonly entity: string;
  /** Handles overdue items of its entity; returns how many it put back on their way. */
  handle(items: readonly Item[], now: number, log: typeof logger): Promise<number>;
}

export interface ReconcileOptions {
  now?: number;
  /** Items read per shard in one sweep; the rest wait for the next sweep. */
  perShard?: number;
}

/**
 * One sweep of the due index: in every shard, the items whose due time has passed are read and
 * handed, by entity, to their handler. The table is the source of truth and queues only carry
 * work faster, so anything a lost message, a dropped stream batch or a killed worker left behind
 * is found here and resumed. Returns the count per entity.
 */
export async function reconcile(
  handlers: readonly DueHandler[],
  log: typeof logger,
  options: ReconcileOptions = {},
): Promise<Record<string, number>> {
  const now = options.now ?? nowMs();
  const perShard = options.perShard ?? 100;
  const keys = (
    await Promise.all(Array.from({ length: dueIndexShards }, (_, shard) => listDueKeys(shard, now, perShard)))
  ).flat();
  const items = keys.length > 0 ? await readDueItems(keys) : [];
  const counts: Record<string, number> = {};
  await Promise.all(
    handlers.map(async (handler) => {
      const mine = items.filter((item) => item.entity === handler.entity);
      if (mine.length === 0) return;
      // One kind's failure (a poison item, a throttled write) must not stop the others' sweep.
      counts[handler.entity] = await handler.handle(mine, now, log).catch((error: unknown) => {
        log.error('due handler failed; its items are due again at the next sweep', {
          entity: handler.entity,
          error: error as Error,
        });
        return 0;
      });
    }),
  );
  const unknown = items.filter((item) => !handlers.some((handler) => handler.entity === item.entity));
  if (unknown.length > 0)
    log.warn('due items without a handler', { entities: [...new Set(unknown.map((item) => item.entity))] });
  return counts;
}
