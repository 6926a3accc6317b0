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
