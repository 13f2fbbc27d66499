import { eventWindowDueHandler } from '../../shared/crdt/update-events';
import { eraseJobDueHandler } from '../../shared/lifecycle/reconcile';
import { migrationJobDueHandler } from '../../shared/migration/reconcile';
import { notificationDigestDueHandler } from '../../shared/notifications/digests';
import type { OutboxPut } from '../../shared/plugins/event-outbox';
import type { DueHandler } from '../../shared/reconcile/reconciler';
import { createCatalogEvent, outboxPut } from '../../shared/webhooks/outbox';
import { overdueMessages, overdueRecoverTasks, unfannedEvents } from '../../shared/webhooks/reconcile';

/** The outbox, for domains below the webhooks domain that raise events (checked against the catalog). */
const catalogOutboxPut: OutboxPut = (apiKey, event, now) => outboxPut(apiKey, createCatalogEvent(event, now));

/** The notification digest handler, writing its events through the outbox. */
export const notificationDigests = notificationDigestDueHandler(catalogOutboxPut);

/**
 * Every kind of due work the reconciler resumes, one handler per item entity, handed to the sweep
 * by `./reconciler.ts`. A domain that keeps work in the due index (shared/db/keys.ts
 * `dueIndexKeys`) implements a `DueHandler` (shared/reconcile/reconciler.ts) and registers it here.
 */
export const dueHandlers: readonly DueHandler[] = [
  overdueMessages,
  unfannedEvents,
  migrationJobDueHandler,
  eraseJobDueHandler,
  eventWindowDueHandler,
  overdueRecoverTasks,
  notificationDigests,
];
