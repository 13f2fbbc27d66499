import middy from '@middy/core';
import { logger } from '../../shared/core/logger';
import { metricNames } from '../../shared/observability/metric-names';
import { recordMetric } from '../../shared/observability/metrics';
import { takeMessages } from '../../shared/queues/send';
import { reconcile } from '../../shared/reconcile/reconciler';
import { keyringLoader } from '../../shared/security/keyring-middleware';
import { dueHandlers } from './due-handlers';

const log = logger.createChild({ persistentKeys: { worker: 'reconciler' } });

/** Stream-failure records read per sweep (each describes a batch of up to 100 stream records). */
const maxStreamFailures = 100;

/**
 * Scheduled sweep (every minute in the stack, a timer locally): records the table-stream batches
 * the fan-out gave up on (their events are fanned out by the sweep, from the outbox items in the
 * due index: the failure record holds only shard and sequence numbers), then puts every piece of
 * overdue work back on its way.
 */
export const handler = middy(async () => {
  const streamFailures = await takeMessages('stream-failures', maxStreamFailures, async (body) => {
    log.error('table stream batch given up by the fan-out; its events are fanned out by the sweep', {
      failure: body,
    });
  });
  const counts = await reconcile(dueHandlers, log);
  recordMetric(
    metricNames.reconcilerFinds,
    Object.values(counts).reduce((sum, count) => sum + count, 0),
  );
  if (streamFailures > 0 || Object.keys(counts).length > 0)
    log.info('reconciled', { counts, streamFailures });
  return { counts, streamFailures };
}).use(keyringLoader());
