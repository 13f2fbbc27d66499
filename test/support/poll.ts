/**
 * Resolves once `condition` holds, checking it every 20 ms; rejects after `timeoutMs`, naming
 * `what`. The one way tests wait for something to happen (never a fixed sleep): a condition that
 * holds early ends the wait early, and a slow machine only makes it last longer.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<void> {
  // performance.now, not Date: a test may hold Date still (test/support/held-date.ts).
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((pause) => setTimeout(pause, 20));
  }
}
