import { describe, expect, it } from 'vitest';
import { getPageWindow } from './page-window';

describe('getPageWindow (seed 001 §2: 5 numbers, first/last, ellipsis)', () => {
  it('lists every page when there are few', () => {
    expect(getPageWindow(1, 1)).toEqual([1]);
    expect(getPageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageWindow(1, 0)).toEqual([]);
  });
  it('adds the last page and an ellipsis at the start', () => {
    expect(getPageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
  });
  it('centres the window with both ellipses', () => {
    expect(getPageWindow(7, 20)).toEqual([1, 'start-ellipsis', 5, 6, 7, 8, 9, 'end-ellipsis', 20]);
  });
  it('keeps five numbers at the end', () => {
    expect(getPageWindow(20, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
  });
  it('omits the ellipsis when no page is skipped', () => {
    expect(getPageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(getPageWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 'end-ellipsis', 8]);
  });
});
