import { describe, expect, it } from 'vitest';
import { addDays, dayRange, daysBetween } from './report-days';
import { buildSeries, compareGroups } from './report.service';
import { localDateOf } from '@kalinga/contracts/zone-time';

describe('report days', () => {
  it('takes today from the company time zone, not the server clock', () => {
    const instant = new Date('2025-03-10T20:30:00.000Z');
    expect(localDateOf(instant, 'Asia/Manila')).toBe('2025-03-11');
    expect(localDateOf(instant, 'America/Los_Angeles')).toBe('2025-03-10');
    expect(localDateOf(instant, 'UTC')).toBe('2025-03-10');
    expect(localDateOf(new Date('2025-12-31T23:59:59.000Z'), 'Pacific/Kiritimati')).toBe('2026-01-01');
  });

  it('counts calendar days across daylight-saving changes without gaps or repeats', () => {
    // New York springs forward on 2025-03-09 and falls back on 2025-11-02.
    const spring = dayRange('2025-03-07', '2025-03-11');
    expect(spring).toEqual(['2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10', '2025-03-11']);
    const year = dayRange('2024-12-31', '2025-12-31');
    expect(year).toHaveLength(366);
    expect(new Set(year).size).toBe(366);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2025-03-01', '2025-04-01')).toBe(31);
  });
});

describe('buildSeries', () => {
  const today = '2025-03-10';

  it('fills every day of the period for every group that had an appointment in it', () => {
    const rows = buildSeries(
      'category',
      [
        { day: '2025-03-09', group: 'Stress', count: 2 },
        { day: '2025-03-04', group: 'Career', count: 1 },
        { day: '2025-02-01', group: 'Old only', count: 5 },
      ],
      { today, periodDays: 7, forecastDays: 7 },
    );
    const real = rows.filter((r) => !r.is_forecast);
    expect([...new Set(rows.map((r) => r.group))]).toEqual(['Career', 'Stress']);
    expect(real.filter((r) => r.group === 'Stress').map((r) => r.day)).toEqual(dayRange('2025-03-04', today));
    expect(real.filter((r) => r.group === 'Stress').map((r) => r.count)).toEqual([0, 0, 0, 0, 0, 2, 0]);
    const forecast = rows.filter((r) => r.is_forecast && r.group === 'Career');
    expect(forecast.map((r) => r.day)).toEqual(dayRange('2025-03-11', '2025-03-17'));
    expect(forecast.every((r) => r.count >= 0)).toBe(true);
  });

  it('fills across a time-zone boundary: the period ends on the zone\'s today', () => {
    const instant = new Date('2025-03-10T20:30:00.000Z');
    for (const [zone, expectedToday] of [['Asia/Manila', '2025-03-11'], ['America/Los_Angeles', '2025-03-10']] as const) {
      const zoneToday = localDateOf(instant, zone);
      expect(zoneToday).toBe(expectedToday);
      const rows = buildSeries('department', [{ day: '2025-03-10', group: 'Finance', count: 3 }], { today: zoneToday, periodDays: 7, forecastDays: 7 });
      const real = rows.filter((r) => !r.is_forecast);
      expect(real).toHaveLength(7);
      expect(real.at(-1)!.day).toBe(zoneToday);
      expect(real.find((r) => r.day === '2025-03-10')!.count).toBe(3);
      expect(rows.find((r) => r.is_forecast)!.day).toBe(addDays(zoneToday, 1));
    }
  });

  it('fills the whole period when it spans a daylight-saving change', () => {
    const rows = buildSeries('age', [{ day: '2025-11-02', group: '18-21', count: 1 }], { today: '2025-11-05', periodDays: 30, forecastDays: 30 });
    const real = rows.filter((r) => !r.is_forecast).map((r) => r.day);
    expect(real).toEqual(dayRange('2025-10-07', '2025-11-05'));
  });

  it('forecasts from history older than the period, and rounds forecasts to two decimals', () => {
    const counts = dayRange('2024-12-01', today).map((day, i) => ({ day, group: 'N/A', count: [3, 5, 5, 4, 4, 0, 0][i % 7] }));
    const rows = buildSeries('department', counts, { today, periodDays: 7, forecastDays: 14 });
    const forecast = rows.filter((r) => r.is_forecast);
    expect(forecast).toHaveLength(14);
    for (const r of forecast) expect(Math.round(r.count * 100) / 100).toBe(r.count);
    // The weekly shape carries on: weekends (0) stay well below weekdays.
    const max = Math.max(...forecast.map((r) => r.count));
    const min = Math.min(...forecast.map((r) => r.count));
    expect(max - min).toBeGreaterThan(3);
  });

  it('never forecasts fewer appointments than are already booked on a day', () => {
    const counts = dayRange('2024-12-01', today).map((day, i) => ({ day, group: 'Anxiety', count: [3, 5, 5, 4, 4, 0, 0][i % 7] }));
    const plain = buildSeries('category', counts, { today, periodDays: 7, forecastDays: 7 }).filter((r) => r.is_forecast);
    const weekend = plain.reduce((low, r) => (r.count < low.count ? r : low));
    expect(weekend.count).toBeLessThan(2);
    const booked = [{ day: weekend.day, group: 'Anxiety', count: 6 }, { day: weekend.day, group: 'Elsewhere', count: 9 }];
    const rows = buildSeries('category', counts, { today, periodDays: 7, forecastDays: 7, booked }).filter((r) => r.is_forecast);
    const bookedDay = rows.find((r) => r.day === weekend.day)!;
    expect(bookedDay.count).toBe(6);
    // Its range is lifted too: the six already booked are the least that day can bring.
    expect(bookedDay.lower).toBe(6);
    expect(bookedDay.upper).toBeGreaterThanOrEqual(6);
    // Other days keep the model's value; a group with no history gets no series from bookings alone.
    expect(rows.filter((r) => r.day !== weekend.day)).toEqual(plain.filter((r) => r.day !== weekend.day));
    expect(rows.some((r) => r.group === 'Elsewhere')).toBe(false);
  });

  it('gives every forecast row an 80 % range in whole appointments and the days of history behind it', () => {
    const counts = dayRange('2024-12-01', today).map((day, i) => ({ day, group: 'Anxiety', count: [3, 5, 5, 4, 4, 0, 0][i % 7] }));
    counts.push({ day: addDays(today, -2), group: 'New', count: 1 });
    const rows = buildSeries('category', counts, { today, periodDays: 7, forecastDays: 30 });
    for (const r of rows.filter((row) => row.is_forecast)) {
      expect(Number.isInteger(r.lower) && Number.isInteger(r.upper)).toBe(true);
      expect(r.lower).toBeGreaterThanOrEqual(0);
      expect(r.lower!).toBeLessThanOrEqual(r.upper!);
      expect(r.lower!).toBeLessThanOrEqual(Math.round(r.count));
      expect(r.upper!).toBeGreaterThanOrEqual(Math.round(r.count));
    }
    for (const r of rows.filter((row) => !row.is_forecast)) expect(r).not.toHaveProperty('lower');
    const anxiety = rows.filter((r) => r.is_forecast && r.group === 'Anxiety');
    expect(anxiety[0].history_days).toBe(dayRange('2024-12-01', today).length);
    // A group first seen two days ago: three days of history, about one appointment in four weeks, not one a day.
    const fresh = rows.filter((r) => r.is_forecast && r.group === 'New');
    expect(fresh[0].history_days).toBe(3);
    expect(fresh.reduce((s, r) => s + r.count, 0)).toBeLessThan(3);
  });

  it('returns nothing when the period has no appointments', () => {
    expect(buildSeries('category', [], { today, periodDays: 30, forecastDays: 30 })).toEqual([]);
  });

  it('orders age groups youngest first and N/A last', () => {
    const groups = ['N/A', 'Over 50', '18-21', 'Under 18', '36-50'];
    expect(groups.sort((a, b) => compareGroups('age', a, b))).toEqual(['Under 18', '18-21', '36-50', 'Over 50', 'N/A']);
    expect(['N/A', 'b', 'A'].sort((a, b) => compareGroups('department', a, b))).toEqual(['A', 'b', 'N/A']);
  });
});
