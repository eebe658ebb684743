// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dayParts, formatClock, formatDate, formatDateRange, formatTimeRange, formatDateTime, formatLongDate, formatMonth, formatMonthDay, formatTime, formatWeekdayDate, formatWeekdayDateTime, isWholeDate } from './dates';

// 2026-11-25T21:04:48Z is Thursday 26 November 2026, 5:04 AM in Manila.
const AT = '2026-11-25T21:04:48Z';
const MANILA = 'Asia/Manila';

describe('one format per kind', () => {
  it('shows an instant as date, date-time, time and weekday-date in en-PH, AM/PM in capitals', () => {
    expect(formatDate(AT, MANILA)).toBe('Nov 26, 2026');
    expect(formatDateTime(AT, MANILA)).toBe('Nov 26, 2026, 5:04 AM');
    expect(formatTime(AT, MANILA)).toBe('5:04 AM');
    expect(formatTime('2026-11-26T12:00:00+08:00', MANILA)).toBe('12:00 PM');
    expect(formatWeekdayDate(AT, MANILA)).toBe('Thu, Nov 26, 2026');
    expect(formatWeekdayDateTime(AT, MANILA)).toBe('Thu, Nov 26, 2026, 5:04 AM');
    expect(formatLongDate(AT, MANILA)).toBe('Thursday, November 26, 2026');
    expect(formatMonth(AT, MANILA)).toBe('November 2026');
    expect(formatMonthDay(AT, MANILA)).toBe('Nov 26');
    expect(dayParts(AT, MANILA)).toEqual({ weekday: 'Thu', day: '26' });
  });

  it('shows a calendar date as itself, whatever the zone', () => {
    expect(formatDate('2026-11-26')).toBe('Nov 26, 2026');
    expect(formatDate('2026-11-26', 'Pacific/Honolulu')).toBe('Nov 26, 2026');
    expect(formatWeekdayDate('2026-11-26', 'Asia/Tokyo')).toBe('Thu, Nov 26, 2026');
  });

  it('takes Dates and epoch milliseconds, and shows a dash for nothing or nonsense', () => {
    expect(formatTime(new Date(AT), MANILA)).toBe('5:04 AM');
    expect(formatTime(Date.parse(AT), MANILA)).toBe('5:04 AM');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDate('')).toBe('—');
  });
});

describe('ranges and wall-clock times', () => {
  it('shares the year of a range within one year, and names both across a new year', () => {
    expect(formatDateRange('2026-11-23', '2026-11-29')).toBe('Nov 23 – Nov 29, 2026');
    expect(formatDateRange('2026-12-28', '2027-01-03')).toBe('Dec 28, 2026 – Jan 3, 2027');
  });

  it('writes a time range with one AM or PM when both ends share it', () => {
    expect(formatTimeRange('2026-11-26T01:00:00Z', '2026-11-26T02:00:00Z', MANILA)).toBe('9:00 – 10:00 AM');
    expect(formatTimeRange('2026-11-26T03:30:00Z', '2026-11-26T04:30:00Z', MANILA)).toBe('11:30 AM – 12:30 PM');
  });

  it("reads 'HH:mm' as the same '8:00 AM' as an instant", () => {
    expect(['08:00', '00:30', '12:00', '13:05'].map(formatClock)).toEqual(['8:00 AM', '12:30 AM', '12:00 PM', '1:05 PM']);
    expect(formatClock('8am')).toBe('—');
  });
});

describe('isWholeDate', () => {
  it('waits for all four digits of the year and a day that exists', () => {
    expect(['0002-12-15', '0020-12-15', '0202-12-15', '2026-02-30', '2026-13-01', '', '2026-12'].map(isWholeDate)).toEqual([false, false, false, false, false, false, false]);
    expect(isWholeDate('2026-12-15')).toBe(true);
    expect(isWholeDate('2028-02-29')).toBe(true);
  });
});
