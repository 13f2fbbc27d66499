import { startDevServer } from '../../scripts/local/dev-server';

/**
 * Child-process entry: the route handlers (HTTP and realtime) of a running local stack in a process
 * of their own, configured from the environment the test passes down (table, queues, data key), and
 * sharing the parent's DynamoDB Local and SQS emulator. In AWS each request runs in a Lambda
 * instance with CPU of its own; a test gives one caller's requests their own instance this way, so
 * what it measures between callers is what they share (the table, queues, workers, job slots), not
 * one event loop. Sends its URL to the parent once listening.
 */
startDevServer({ port: 0, exposeDbMetrics: false, health: async () => ({}) }).then((server) =>
  process.send?.({ url: server.url }),
);
