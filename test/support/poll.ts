/**
 * Resolves once `condition` holds; rejects after `timeoutMs`, naming `what`. The one way tests wait
 * for something to happen (never a fixed sleep): a condition that holds early ends the wait early,
 * and a slow machine only makes it last longer. Checks at once, then after 10 ms, the pause growing
 * to 100 ms: quick for what happens at once, and a long wait for something stored does not keep
 * DynamoDB Local busy for the files running beside.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<void> {
  // performance.now, not Date: a test may hold Date still (test/support/held-date.ts).
  const deadline = performance.now() + timeoutMs;
  let pauseMs = 10;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((pause) => setTimeout(pause, pauseMs));
    pauseMs = Math.min(100, pauseMs * 1.5);
  }
}
