import type { QueueName } from '../shared/core/queue-names';

/** Reserved concurrency of the functions that work in the background, none of them a route's. */
export interface WorkerConcurrency {
  /** Per consumed queue: its worker's reserved concurrency and its event source's maximum concurrency. */
  readonly queues: Readonly<Partial<Record<QueueName, number>>>;
  /** The table-stream fan-out (one invocation per stream shard at a time). */
  readonly eventFanOut: number;
  /** The scheduled sweep: one, so sweeps never overlap. */
  readonly reconciler: number;
}

/**
 * Concurrency set aside for the background functions (issue 13, "Hostile tenants" item 5). Route
 * functions share the account's unreserved pool, so a flood of API calls from one tenant could
 * otherwise leave no concurrency for delivery, migration or the fan-out, and everyone's webhooks
 * would stall behind it. A reservation is also a ceiling: a delivery backlog cannot take the API's
 * capacity either. 36 in all; AWS refuses reservations that leave fewer than 100 unreserved, so
 * small accounts deploy with `-c reservedConcurrency=false`.
 *
 * - `webhook-delivery` 20: a batch of 5 sends concurrently, so up to 100 attempts in flight.
 * - `document-migration` 5: migrations are long and rare; five run side by side.
 * - event fan-out 10: with parallelization factor 1 the stream has one invocation per shard at a
 *   time, so concurrency never exceeds the open shards (an on-demand table's stream has about one
 *   per table partition). Ten lets ten shards be worked at once; beyond that shards take turns
 *   (their records wait in the stream, in order), nothing is skipped.
 * - reconciler 1: a sweep that outlasts the minute makes the next one wait instead of overlap.
 */
export const workerConcurrency: WorkerConcurrency = {
  queues: { 'webhook-delivery': 20, 'document-migration': 5 },
  eventFanOut: 10,
  reconciler: 1,
};
