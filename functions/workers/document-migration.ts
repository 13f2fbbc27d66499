import { migrationMessage } from '../../shared/migration/schemas';
import { runMigration } from '../../shared/migration/worker';
import { defineQueueWorker } from '../../shared/queues/define-worker';

/** Document-migration queue consumer: runs (or resumes) one migration job per message. */
export const handler = defineQueueWorker({
  queue: 'document-migration',
  message: migrationMessage,
  run: (message, context) => runMigration(message, context),
});
