import * as z from 'zod';
import { eraseMessage } from '../../shared/lifecycle/schemas';
import { runErase } from '../../shared/lifecycle/worker';
import { migrationMessage } from '../../shared/migration/schemas';
import { runMigration } from '../../shared/migration/worker';
import { defineQueueWorker } from '../../shared/queues/define-worker';

/**
 * Background-job queue consumer: runs (or resumes) one job per message — a document migration, or
 * an erasure (deletion cascade, `kind: 'erase'`; decisions §34).
 */
export const handler = defineQueueWorker({
  queue: 'document-migration',
  message: z.union([eraseMessage, migrationMessage]),
  run: (message, context) =>
    'kind' in message ? runErase(message, context) : runMigration(message, context),
});
