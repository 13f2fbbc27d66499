/** The most times within any half-open window of `spanMs` (sliding, not bucketed). */
export function busiestSpan(times: readonly number[], spanMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] as number) - (sorted[start] as number) >= spanMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Arrivals per second from the first arrival to the last. */
export function arrivalRate(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return (sorted.length - 1) / (((sorted.at(-1) as number) - (sorted[0] as number)) / 1000);
}
