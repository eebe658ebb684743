// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { dayLabel, dayProblems, formatCalendarDate, serverErrorsForDay, toDayForms } from './schedule-rules';

beforeAll(() => initI18n(['schedule']));

const day = { day: 'monday' as const, is_available: true, start_time: '09:00', end_time: '17:00', break_start: '12:00', break_end: '13:00', held_times: [] as string[] };

describe('toDayForms', () => {
  it('gives seven days monday..sunday, defaults for missing ones, HH:mm times', () => {
    const forms = toDayForms([{ ...day, day: 'wednesday', start_time: '08:00:00', break_start: null, break_end: null }]);
    expect(forms.map((f) => f.day)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(forms[0]).toEqual({ day: 'monday', is_available: false, start_time: '09:00', end_time: '17:00', break_start: '12:00', break_end: '13:00', held_times: [] });
    expect(forms[2]).toMatchObject({ is_available: true, start_time: '08:00', break_start: '', break_end: '' });
  });
});

describe('dayProblems', () => {
  it('accepts a normal day and a day without a break', () => {
    expect(dayProblems(day)).toEqual({});
    expect(dayProblems({ ...day, break_start: '', break_end: '' })).toEqual({});
  });
  it('rejects an end before the start, half a break, a reversed break and a break outside the hours', () => {
    expect(dayProblems({ ...day, end_time: '08:00' })).toHaveProperty('end_time', 'The end time must be after the start time.');
    expect(dayProblems({ ...day, break_end: '' })).toHaveProperty('break_end');
    expect(dayProblems({ ...day, break_start: '' })).toHaveProperty('break_start');
    expect(dayProblems({ ...day, break_end: '11:00' })).toHaveProperty('break_end');
    expect(dayProblems({ ...day, break_start: '08:00', break_end: '08:30' })).toHaveProperty('break_start');
  });
});

describe('serverErrorsForDay', () => {
  it("picks one day's messages from schedule.N.field keys", () => {
    const errors = { 'schedule.0.end_time': ['A'], 'schedule.1.break_start': ['B'], 'schedule.10.end_time': ['C'] };
    expect(serverErrorsForDay(errors, 1)).toEqual({ break_start: 'B' });
    expect(serverErrorsForDay(errors, 0)).toEqual({ end_time: 'A' });
  });
});

describe('formatCalendarDate', () => {
  it('shows the calendar date without a zone shift', () => expect(formatCalendarDate('2026-03-09')).toBe('Mon, Mar 9, 2026'));
});

describe('dayLabel', () => {
  it("names the weekday in the language in use", () => expect(dayLabel('wednesday')).toBe('Wednesday'));
});
