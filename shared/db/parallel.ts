/**
 * Runs `work` for every item with at most `limit` calls in flight, and returns the results in
 * item order. Bulk single-item writes (conditional updates during a migration) use it so that a
 * batch of 100 finishes in a few round-trip times without flooding the table or the client's sockets.
 */
export async function mapInParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return results;
}

/**
 * A read started ahead of its use (a route's prefetch, or reads started together): its rejection is
 * marked handled, so a request that fails before awaiting it raises no unhandled rejection; awaiting
 * it still throws.
 */
export function startedEarly<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
