/**
 * The table-stream fan-out's settings as plain data (no CDK import), read by the stack's event
 * source (event-fanout.ts) and by the local stack's stream poller (scripts/local/stream-poller.ts),
 * which runs the same worker the way the event source does.
 */
export const eventFanOutSettings = {
  /** The stream consumer of the transactional outbox. */
  worker: 'functions/workers/event-fanout.ts',
  /** The function's timeout (middy's early timeout reads it from the Lambda context). */
  timeoutSeconds: 60,
  /** Stream records per invocation. */
  batchSize: 100,
  /** Retries of a failing record before the event source gives up on it (to the failed-records queue). */
  retryAttempts: 10,
} as const;
