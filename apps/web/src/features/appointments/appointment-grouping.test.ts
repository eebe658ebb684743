// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupByMonth } from './appointment-grouping';

describe('groupByMonth', () => {
  const original = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Asia/Manila';
  });
  afterEach(() => {
    process.env.TZ = original;
  });

  it('puts appointments under month-year headings in list order', () => {
    const items = [
      { id: 1, appointment_date: '2026-03-02T01:00:00.000Z' },
      { id: 2, appointment_date: '2026-03-30T01:00:00.000Z' },
      { id: 3, appointment_date: '2026-04-01T01:00:00.000Z' },
      { id: 4, appointment_date: '2027-01-05T01:00:00.000Z' },
    ];
    const groups = groupByMonth(items);
    expect(groups.map((g) => g.label)).toEqual(['March 2026', 'April 2026', 'January 2027']);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([[1, 2], [3], [4]]);
  });

  it("uses the browser's zone: a UTC evening on the month's last day is the next month in Manila", () => {
    const groups = groupByMonth([{ appointment_date: '2026-03-31T17:00:00.000Z' }]);
    expect(groups[0].label).toBe('April 2026');
  });

  it('keeps latest-first order for history and joins a returning month to its group', () => {
    const groups = groupByMonth([
      { appointment_date: '2026-05-10T01:00:00.000Z' },
      { appointment_date: '2026-04-10T01:00:00.000Z' },
      { appointment_date: '2026-05-01T01:00:00.000Z' },
    ]);
    expect(groups.map((g) => [g.key, g.items.length])).toEqual([['2026-05', 2], ['2026-04', 1]]);
  });

  it('gives nothing for an empty page', () => expect(groupByMonth([])).toEqual([]));
});

describe('groupByMonth keys', () => {
  it("are the month in the browser's zone as yyyy-MM", () => {
    const original = process.env.TZ;
    process.env.TZ = 'Asia/Manila';
    try {
      const groups = groupByMonth([{ appointment_date: '2026-08-31T16:30:00.000Z' }, { appointment_date: '0999-02-03T01:00:00.000Z' }]);
      expect(groups.map((g) => g.key)).toEqual(['2026-09', '0999-02']);
    } finally {
      process.env.TZ = original;
    }
  });
});
