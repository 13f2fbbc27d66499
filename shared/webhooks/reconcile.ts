import { entities } from '../db/entities';
import { withoutKeys } from '../db/query-page';
import type { DueHandler } from '../reconcile/reconciler';
import { leaveDueIndex, rescheduleOverdue } from './attempt-repository';
import { sendAttemptTask } from './attempt-tasks';
import { fanOutEvent, outboxEventOf } from './fanout';
import { refOfItem } from './message-repository';
import { messageRecord } from './message-schemas';

/**
 * Overdue pending messages: a next attempt whose wait was too long for one SQS delay (its time has
 * come), or whose attempt task looks lost (overdue by the grace). Each gets its next attempt's task
 * again; a duplicate of a task that was only late is harmless (the attempt is claimed once).
 * Messages done meanwhile leave the index.
 */
export const overdueMessages: DueHandler = {
  entity: entities.webhookDelivery.name,
  async handle(items, now) {
    const sent = await Promise.all(
      items.map(async (item) => {
        const record = messageRecord.parse(withoutKeys(item));
        const ref = refOfItem(item, record);
        if (record.status !== 'pending') {
          await leaveDueIndex(ref);
          return false;
        }
        if (!(await rescheduleOverdue(ref, record, String(item.gsi7sk), now))) return false;
        await sendAttemptTask(ref, record.attemptCount + 1);
        return true;
      }),
    );
    return sent.filter(Boolean).length;
  },
};

/**
 * Outbox events the table stream did not fan out in time (a batch given up after its retries, a
 * throttled shard): fanned out here (idempotent: existing messages are found, not doubled).
 */
export const unfannedEvents: DueHandler = {
  entity: entities.outboxEvent.name,
  async handle(items) {
    // A failure is the item's: the reconciler backs it off and quarantines it after repeated failures.
    await Promise.all(
      items.map(async (item) => {
        const outbox = outboxEventOf(item);
        if (!outbox) throw new Error('unreadable outbox item in the due index');
        await fanOutEvent(outbox.apiKey, outbox.event);
      }),
    );
    return items.length;
  },
};
