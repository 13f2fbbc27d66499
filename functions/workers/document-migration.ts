import * as z from 'zod';
import { runErase } from '../../shared/erasure/worker';
import { eraseMessage } from '../../shared/lifecycle/schemas';
import { migrationMessage } from '../../shared/migration/schemas';
import { runMigration } from '../../shared/migration/worker';
import { defineQueueWorker } from '../../shared/queues/define-worker';
import { scopeErasers } from './erasers';
import { documentRecordMovers } from './movers';

/**
 * Background-job queue consumer: runs (or resumes) one job per message — a document migration, or
 * an erasure (deletion cascade, `kind: 'erase'`; decisions §34) — with every domain's movers or
 * erasers, listed here at the composition root (`./movers.ts`, `./erasers.ts`).
 */
export const handler = defineQueueWorker({
  queue: 'document-migration',
  message: z.union([eraseMessage, migrationMessage]),
  run: (message, context) =>
    'kind' in message
      ? runErase(message, context, { erasers: scopeErasers })
      : runMigration(message, context, { movers: documentRecordMovers }),
});
