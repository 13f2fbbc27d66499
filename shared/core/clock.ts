/** Epoch milliseconds now; the one clock services read, so tests can reason about it. */
export const nowMs = () => Date.now();
