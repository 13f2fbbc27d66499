import { env } from '../config/env';
import { nowMs } from '../core/clock';
import type { logger } from '../core/logger';
import { dueIndexShards } from '../db/entities/lifecycle';
import { metricNames } from '../observability/metric-names';
import { recordMetric } from '../observability/metrics';
import { type DueFailure, listDueKeys, readDueItems, recordDueFailure } from './repository';

type Item = Record<string, unknown>;

/**
 * Puts one kind of overdue work back on its way. Items reach it with every attribute (keys too),
 * one item per call; it must be idempotent — an item may be handed over again if a sweep dies — and
 * must move the item out of the due index or to a later due time, else the next sweep finds it
 * again. It throws when the item could not be handled: the reconciler then backs the item off and
 * quarantines it after repeated failures (`dueFailurePolicy`), never holding up other items.
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

/** Items handled at the same time within one sweep (each: a few reads and writes). */
const concurrency = 25;

/** Longest back-off of a failing item. */
const maxBackoffMs = 60 * 60 * 1000;

/**
 * What happens to an item whose handler threw: failure n (n counted at the item's due position,
 * so a handler that moves the item starts it afresh) puts it `RECONCILE_BACKOFF_SECONDS` ×
 * 2^(n − 1) later, capped at an hour; failure `RECONCILE_MAX_FAILURES` quarantines it.
 */
export function dueFailurePolicy(item: Record<string, unknown>, error: unknown, now: number): DueFailure {
  const { RECONCILE_MAX_FAILURES, RECONCILE_BACKOFF_SECONDS } = env();
  const previous =
    item.dueRetrySk !== undefined && item.dueRetrySk === item.gsi7sk ? Number(item.dueFailures ?? 0) : 0;
  const failures = previous + 1;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (failures >= RECONCILE_MAX_FAILURES) return { failures, error: message, next: { kind: 'quarantine' } };
  const backoffMs = Math.min(maxBackoffMs, RECONCILE_BACKOFF_SECONDS * 1000 * 2 ** (failures - 1));
  return { failures, error: message, next: { kind: 'retry', dueAt: now + backoffMs } };
}

/**
 * One sweep of the due index: in every shard, the items whose due time has passed are read and
 * handed, by entity, to their handler, one item per call and 25 at a time. The table is the source
 * of truth and queues only carry work faster, so anything a lost message, a dropped stream batch or
 * a killed worker left behind is found here and resumed. An item whose handler throws is isolated:
 * backed off or quarantined (`dueFailurePolicy`, one conditional UpdateItem), with the
 * `ReconcilerQuarantined` metric counting quarantines. Returns the count per entity.
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
  let quarantined = 0;
  const handleOne = async (handler: DueHandler, item: Record<string, unknown>) => {
    try {
      const handled = await handler.handle([item], now, log);
      counts[handler.entity] = (counts[handler.entity] ?? 0) + handled;
    } catch (error) {
      const failure = dueFailurePolicy(item, error, now);
      const context = { entity: handler.entity, pk: item.pk, sk: item.sk, failures: failure.failures };
      // A write that fails here leaves the item where it was: due again at the next sweep.
      const moved = await recordDueFailure(item, failure, now).catch(() => false);
      if (moved && failure.next.kind === 'quarantine') {
        quarantined += 1;
        log.error('due item quarantined: its handler failed too often in a row', {
          ...context,
          error: error as Error,
        });
      } else log.warn('due item failed; backed off', { ...context, error: error as Error });
    }
  };
  const work = handlers.flatMap((handler) =>
    items.filter((item) => item.entity === handler.entity).map((item) => () => handleOne(handler, item)),
  );
  for (let start = 0; start < work.length; start += concurrency)
    await Promise.all(work.slice(start, start + concurrency).map((run) => run()));
  if (quarantined > 0) recordMetric(metricNames.reconcilerQuarantined, quarantined);
  const unknown = items.filter((item) => !handlers.some((handler) => handler.entity === item.entity));
  if (unknown.length > 0)
    log.warn('due items without a handler', { entities: [...new Set(unknown.map((item) => item.entity))] });
  return counts;
}
