import { eventWindowDueHandler } from '../../shared/crdt/update-events';
import { eraseJobDueHandler } from '../../shared/lifecycle/reconcile';
import { migrationJobDueHandler } from '../../shared/migration/reconcile';
import type { DueHandler } from '../../shared/reconcile/reconciler';
import { overdueMessages, overdueRecoverTasks, unfannedEvents } from '../../shared/webhooks/reconcile';

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
];
