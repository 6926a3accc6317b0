/** Small statistics the benchmarks share. */

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Where the median of `values` lies, 95 times in 100: the 2.5th and 97.5th percentiles of the
 * medians of 2,000 resamples (with replacement, a fixed seed: the same samples print the same
 * interval). On a shared machine one run's median moves by more than the targets' margins; the
 * interval says by how much.
 */
export function medianInterval(values: number[]): [number, number] {
  let seed = 0x2545f491;
  const random = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const medians = Array.from({ length: 2000 }, () =>
    median(Array.from(values, () => values[Math.floor(random() * values.length)])),
  ).sort((a, b) => a - b);
  return [medians[50], medians[1949]];
}

/**
 * The lower quartile of `values`: the (n + 1) / 4-th smallest, interpolated (as Python's
 * `statistics.quantiles(values, n=4)[0]`). Up to half of a profile's exports in a run are slower
 * by what a full collection costs (in an export thread, those a collection fell on): the lower
 * quartile leaves them out where the median may not.
 */
export function lowerQuartile(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = Math.min(Math.max((sorted.length + 1) / 4, 1), sorted.length);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length);
  return sorted[below - 1] + (position - below) * (sorted[above - 1] - sorted[below - 1]);
}
