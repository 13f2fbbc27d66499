/**
 * Each jest worker works in a table of its own in the run's one DynamoDB Local (`collab-test-<n>`,
 * created by the global setup). Files run in parallel across workers and one after another within
 * a worker, so whatever spans a whole table (the reconciler's due index, admin scans) sees only
 * this worker's files, as it did when one worker ran them all. A file that must see nothing of
 * other files still takes a table of its own (`useOwnTable`).
 * Listed in jest's `setupFiles`: it runs before each test file, before anything reads the
 * environment.
 */
export const workerTableName = (workerId = process.env.JEST_WORKER_ID ?? '1') => `collab-test-${workerId}`;

process.env.TABLE_NAME = workerTableName();
