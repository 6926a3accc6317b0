import { lowerQuartile, median } from '../../bench/stats';

describe('the benchmarks’ lower quartile', () => {
  it('interpolates the (n + 1) / 4-th smallest value, in any order', () => {
    const values = Array.from({ length: 16 }, (_, index) => 16 - index);
    expect(lowerQuartile(values)).toBe(4.25);
    expect(lowerQuartile([30, 10, 20])).toBe(10);
    expect(lowerQuartile([7])).toBe(7);
  });

  it('stays with the faster exports when a full collection slowed most of them', () => {
    // Nine exports of sixteen ~100 ms slower, as when the collections lock onto one profile.
    const fast = [380, 384, 386, 389, 390, 392, 395];
    const slow = [480, 482, 485, 488, 490, 492, 495, 498, 500];
    const times = [...slow, ...fast];
    expect(median(times)).toBeGreaterThanOrEqual(480);
    expect(lowerQuartile(times)).toBeGreaterThanOrEqual(380);
    expect(lowerQuartile(times)).toBeLessThanOrEqual(395);
  });
});
