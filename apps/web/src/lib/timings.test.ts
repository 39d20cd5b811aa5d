import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS, TIMINGS_STORAGE_KEY, getTimings, mergeTimings, resetTimings } from './timings';

afterEach(() => resetTimings());

describe('timings (seed 000 §9, overridable for tests)', () => {
  it('has the seed constants by default', () => {
    expect(DEFAULT_TIMINGS).toMatchObject({
      inactivityMs: 1_800_000,
      warningMs: 300_000,
      activityDebounceMs: 1000,
      refreshLeadMs: 120_000,
      refreshStaleMs: 30_000,
      expiredRedirectMs: 500,
      logoutDelayMs: 1000,
      loginMinWaitMs: 800,
    });
  });

  it('takes known finite non-negative numbers only', () => {
    expect(mergeTimings({ inactivityMs: 5000, warningMs: -1, bogus: 1, logoutDelayMs: 'x' })).toEqual({
      ...DEFAULT_TIMINGS,
      inactivityMs: 5000,
    });
    expect(mergeTimings(null)).toEqual(DEFAULT_TIMINGS);
  });

  it('reads the override from localStorage radica.timings', () => {
    localStorage.setItem(TIMINGS_STORAGE_KEY, JSON.stringify({ warningMs: 2000 }));
    resetTimings();
    expect(getTimings().warningMs).toBe(2000);
    localStorage.setItem(TIMINGS_STORAGE_KEY, '{not json');
    resetTimings();
    expect(getTimings().warningMs).toBe(DEFAULT_TIMINGS.warningMs);
  });
});
