import { describe, expect, it } from 'vitest';
import { lognormalMs } from './plugin.ts';

describe('latency spread (latencySigma: a ministry that usually answers near the median, sometimes much later)', () => {
  it('draws a log-normal time: the median as given, p99 ≈ median × e^(2.33 σ), never above 20 × the median', () => {
    const draws = Array.from({ length: 40_000 }, () => lognormalMs(1500, 0.6)).sort((a, b) => a - b);
    const q = (p: number) => draws[Math.floor(p * (draws.length - 1))]!;
    expect(q(0.5)).toBeGreaterThan(1400);
    expect(q(0.5)).toBeLessThan(1600);
    expect(q(0.99)).toBeGreaterThan(5000);
    expect(q(0.99)).toBeLessThan(7200);
    expect(draws.at(-1)!).toBeLessThanOrEqual(30_000);
    expect(lognormalMs(1500, 10, () => 0.999_999)).toBe(30_000);
  });
});
