import { eventWindowDueHandler } from '../crdt/update-events';
import { eraseJobDueHandler } from '../lifecycle/reconcile';
import { migrationJobDueHandler } from '../migration/reconcile';
import { overdueMessages, unfannedEvents } from '../webhooks/reconcile';
import type { DueHandler } from './reconciler';

/**
 * Every kind of due work the reconciler resumes, one handler per item entity. A domain that keeps
 * work in the due index (shared/db/keys.ts `dueIndexKeys`) registers its handler here.
 */
export const dueHandlers: readonly DueHandler[] = [
  overdueMessages,
  unfannedEvents,
  migrationJobDueHandler,
  eraseJobDueHandler,
  eventWindowDueHandler,
];
