// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items';

describe('pageItems', () => {
  it('shows every page when they fit', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first and last with ellipses on 20 pages, never more than 7 items', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    for (let p = 1; p <= 20; p++) {
      const items = pageItems(p, 20);
      expect(items.length).toBeLessThanOrEqual(7);
      expect(items).toContain(p);
      expect(items[0]).toBe(1);
      expect(items.at(-1)).toBe(20);
    }
  });

  it('clamps the visible count to at least 5 and to an odd number', () => {
    expect(pageItems(10, 20, 3)).toEqual([1, 'ellipsis-start', 10, 'ellipsis-end', 20]);
    expect(pageItems(10, 20, 8)).toEqual(pageItems(10, 20, 7));
    expect(pageItems(10, 20, 9)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
  });
});
