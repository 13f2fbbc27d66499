import { withoutKeys } from '../db/query-page';
import { sendToQueue } from '../queues/send';
import type { DueHandler } from '../reconcile/reconciler';
import { fanOutEvent, outboxEventOf } from './fanout';
import { leaveDueIndex, refOfItem, rescheduleOverdue } from './message-repository';
import { deliveryRecord } from './message-schemas';

/**
 * Overdue pending deliveries: a next attempt whose wait was too long for one SQS delay (its time has
 * come), or whose queue message looks lost (overdue by the grace). Each gets its next attempt's
 * message again; a duplicate of a message that was only late is harmless (the attempt is claimed
 * once). Deliveries done meanwhile leave the index.
 */
export const overdueDeliveries: DueHandler = {
  entity: 'webhookDelivery',
  async handle(items, now) {
    const sent = await Promise.all(
      items.map(async (item) => {
        const record = deliveryRecord.parse(withoutKeys(item));
        const ref = refOfItem(item, record);
        if (record.status !== 'pending') {
          await leaveDueIndex(ref);
          return false;
        }
        if (!(await rescheduleOverdue(ref, record, String(item.gsi7sk), now))) return false;
        await sendToQueue('webhook-delivery', {
          apiKey: ref.apiKey,
          targetId: ref.targetId,
          eventTimestamp: ref.eventTimestamp,
          eventId: ref.eventId,
          attempt: record.attemptCount + 1,
        });
        return true;
      }),
    );
    return sent.filter(Boolean).length;
  },
};

/**
 * Outbox events the table stream did not fan out in time (a batch given up after its retries, a
 * throttled shard): fanned out here (idempotent: existing deliveries are found, not doubled).
 */
export const unfannedEvents: DueHandler = {
  entity: 'outboxEvent',
  async handle(items, _now, log) {
    const fanned = await Promise.allSettled(
      items.map(async (item) => {
        const outbox = outboxEventOf(item);
        if (!outbox) throw new Error('unreadable outbox item in the due index');
        await fanOutEvent(outbox.apiKey, outbox.event);
      }),
    );
    for (const outcome of fanned)
      if (outcome.status === 'rejected')
        log.error('outbox event not fanned out; due again at the next sweep', {
          error: outcome.reason as Error,
        });
    return fanned.filter((outcome) => outcome.status === 'fulfilled').length;
  },
};
