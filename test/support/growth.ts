import { performance } from 'node:perf_hooks';

/** Fastest of `runs` timings of `work`, in ms: the minimum is the least disturbed by a loaded machine. */
function fastest(work: () => void, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * How much slower `transform` is on one input of `factor × size` than on `factor` inputs of `size`:
 * the same total amount of input either way, so a linear transformation gives ≈ 1 and a quadratic
 * one ≈ `factor`. A ratio, not a wall-clock limit, so a loaded CI machine slows both sides alike;
 * each side is the fastest of several interleaved runs, which filters out pauses and GC.
 */
export function growthRatio<T>(
  transform: (input: T) => unknown,
  makeInput: (size: number) => T,
  size: number,
  factor = 16,
): number {
  const small = makeInput(size);
  const large = makeInput(size * factor);
  const manySmall = () => {
    for (let copy = 0; copy < factor; copy += 1) transform(small);
  };
  const oneLarge = () => transform(large);
  manySmall();
  oneLarge();
  let smallBest = Number.POSITIVE_INFINITY;
  let largeBest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round += 1) {
    smallBest = Math.min(smallBest, fastest(manySmall, 2));
    largeBest = Math.min(largeBest, fastest(oneLarge, 2));
  }
  return largeBest / Math.max(smallBest, 0.001);
}

/** Growth ratios at or under this are linear (≈ 1 plus noise); quadratic work at factor 16 gives ≈ 16. */
export const linearGrowthLimit = 4;
