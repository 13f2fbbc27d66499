import middy from '@middy/core';
import { logger } from '../../shared/http/logger';
import { dueHandlers } from '../../shared/reconcile/handlers';
import { reconcile } from '../../shared/reconcile/reconciler';

const log = logger.createChild({ persistentKeys: { worker: 'reconciler' } });

/** Scheduled sweep (every minute in the stack, a timer locally): puts overdue work back on its way. */
export const handler = middy().handler(async () => {
  const counts = await reconcile(dueHandlers, log);
  if (Object.keys(counts).length > 0) log.info('reconciled', { counts });
  return counts;
});
