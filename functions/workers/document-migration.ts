import * as z from 'zod/mini';
import { runErase } from '../../shared/erasure/worker';
import { eraseMessage } from '../../shared/lifecycle/schemas';
import { migrationMessage } from '../../shared/migration/schemas';
import { runMigration } from '../../shared/migration/worker';
import { defineQueueWorker } from '../../shared/queues/define-worker';
import { recoverMessage } from '../../shared/webhooks/recover-schemas';
import { runRecover } from '../../shared/webhooks/recover-worker';
import { scopeErasers } from './erasers';
import { documentRecordMovers } from './movers';

/**
 * Background-job queue consumer: runs (or resumes) one job per message — a document migration, an
 * erasure (deletion cascade, `kind: 'erase'`; decisions §34) or a webhook recover task
 * (`kind: 'recover'`; decisions §78) — with every domain's movers or erasers, listed here at the
 * composition root (`./movers.ts`, `./erasers.ts`).
 */
export const handler = defineQueueWorker({
  queue: 'document-migration',
  message: z.union([eraseMessage, recoverMessage, migrationMessage]),
  run: (message, context) => {
    if (!('kind' in message)) return runMigration(message, context, { movers: documentRecordMovers });
    return message.kind === 'erase'
      ? runErase(message, context, { erasers: scopeErasers })
      : runRecover(message, context);
  },
});
