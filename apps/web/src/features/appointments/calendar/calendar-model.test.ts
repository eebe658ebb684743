// @vitest-environment node
import type { Appointment } from '@kalinga/contracts/appointments';
import type { CalendarDay, CalendarGroupSession, CounselorCalendarReply } from '@kalinga/contracts/calendar';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessHours, calendarEvents, dayNote, visibleHours, wallTimeLabel } from './calendar-events';
import { mondayOf, rangeLabel, rangeOf, stepAnchor } from './calendar-range';
import { initI18n } from '../../../lib/i18n';

beforeAll(() => initI18n(['appointments']));

const day = (date: string, extra: Partial<CalendarDay> = {}): CalendarDay => ({
  date,
  is_available: true,
  start_time: '09:00',
  end_time: '17:00',
  break_start: '12:00',
  break_end: '13:00',
  excluded: false,
  excluded_reason: null,
  free_slots: [],
  ...extra,
});

const appointment = (uuid: string, instant: string, status: Appointment['status']): Appointment => ({
  id: 1,
  uuid,
  appointment_date: instant,
  local_date: instant.slice(0, 10),
  duration_minutes: 60,
  reason: 'Exam stress',
  category_id: 1,
  category: null,
  status,
  location_type: 'online',
  location: null,
  counselor_id: 2,
  counselor: { id: 2, name: 'Carla', avatar: null },
  student_id: 3,
  student: { id: 3, name: 'Bea Santos', avatar: null, student_id: null },
  user_type: 'student',
  created_by: 2,
  created_at: instant,
  updated_at: instant,
});

// Asia/Manila is UTC+8 all year: 01:00Z is 09:00 there.
const reply = (days: CalendarDay[], appointments: Appointment[] = [], groupSessions: CalendarGroupSession[] = []): CounselorCalendarReply => ({
  counselor: { id: 2, name: 'Carla' },
  timezone: 'Asia/Manila',
  duration_minutes: 60,
  days,
  appointments,
  group_sessions: groupSessions,
});

const session = (uuid: string, instant: string, status: CalendarGroupSession['status'] = 'scheduled'): CalendarGroupSession => ({
  group_uuid: 'g1',
  group_name: 'Exam Worry Circle',
  kind: 'closed',
  session_uuid: uuid,
  index: 2,
  total: 4,
  starts_at: instant,
  duration_minutes: 60,
  status,
  location_type: 'on-site',
  location: 'Room 2',
});

describe('calendar ranges (weeks start on Monday)', () => {
  it('finds the Monday of any day, across months and years', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it('gives the week or the day, and steps by the view', () => {
    expect(rangeOf('week', '2026-11-26')).toEqual({ from: '2026-11-23', days: 7 });
    expect(rangeOf('day', '2026-11-26')).toEqual({ from: '2026-11-26', days: 1 });
    expect(stepAnchor('week', '2026-11-26', 1)).toBe('2026-12-03');
    expect(stepAnchor('day', '2026-03-01', -1)).toBe('2026-02-28');
    expect(rangeLabel('week', '2026-11-23')).toBe('Nov 23 – Nov 29, 2026');
    expect(rangeLabel('day', '2026-11-23')).toBe('Monday, November 23, 2026');
  });
});

describe('calendar events', () => {
  it("places appointments at their wall time in the company's zone, coloured and labelled by status", () => {
    const events = calendarEvents(reply([day('2026-11-23')], [appointment('a1', '2026-11-23T01:00:00.000Z', 'confirmed')]), { bookable: true });
    const a = events.find((e) => e.id === 'appointment-a1');
    expect(a).toMatchObject({ start: '2026-11-23T09:00:00', end: '2026-11-23T10:00:00', title: 'Confirmed: Bea Santos', backgroundColor: 'var(--color-primary)' });
    expect(a?.extendedProps?.label).toBe('Confirmed appointment with Bea Santos, Monday, November 23, 2026, 9:00 AM to 10:00 AM: Exam stress. Open details.');
  });

  it('offers free slots only to those who may book, and shades the break and excluded dates with words', () => {
    const days = [
      day('2026-11-23', { free_slots: [{ time: '10:00', appointment_date: '2026-11-23T02:00:00.000Z' }] }),
      day('2026-11-24', { excluded: true, excluded_reason: 'Training' }),
    ];
    const events = calendarEvents(reply(days), { bookable: true });
    expect(events.find((e) => e.id === 'free-2026-11-23-10:00')).toMatchObject({ start: '2026-11-23T10:00:00', end: '2026-11-23T11:00:00', extendedProps: { meaning: { kind: 'free', date: '2026-11-23', time: '10:00' } } });
    expect(events.find((e) => e.id === 'break-2026-11-23')).toMatchObject({ display: 'background', title: 'Break', start: '2026-11-23T12:00:00' });
    expect(events.find((e) => e.id === 'excluded-2026-11-24')).toMatchObject({ display: 'background', title: 'Excluded date: Training', end: '2026-11-25T00:00:00' });
    expect(events.some((e) => e.id === 'break-2026-11-24')).toBe(false);
    expect(calendarEvents(reply(days), { bookable: false }).some((e) => String(e.id).startsWith('free-'))).toBe(false);
  });

  it('gives working hours around the break, none on days off or excluded dates', () => {
    const hours = businessHours([day('2026-11-23'), day('2026-11-24', { excluded: true }), day('2026-11-25', { is_available: false }), day('2026-11-26', { break_start: null, break_end: null })]);
    expect(hours).toEqual([
      { daysOfWeek: [1], startTime: '09:00', endTime: '12:00' },
      { daysOfWeek: [1], startTime: '13:00', endTime: '17:00' },
      { daysOfWeek: [4], startTime: '09:00', endTime: '17:00' },
    ]);
    // No working day at all still shades everything as outside working hours.
    expect(businessHours([day('2026-11-25', { is_available: false })])).toEqual([{ daysOfWeek: [], startTime: '00:00', endTime: '00:00' }]);
    expect(dayNote(day('2026-11-24', { excluded: true }))).toBe('Excluded');
    expect(dayNote(day('2026-11-25', { is_available: false }))).toBe('Day off');
  });

  it('shows the hours from the earliest start to the latest end, appointments included', () => {
    expect(visibleHours(reply([day('2026-11-23', { start_time: '08:30', end_time: '16:30' })]))).toEqual({ min: '08:00:00', max: '17:00:00' });
    // An appointment at 19:00 Manila (11:00Z) outside the hours stretches the grid.
    expect(visibleHours(reply([day('2026-11-23')], [appointment('late', '2026-11-23T11:00:00.000Z', 'pending')]))).toEqual({ min: '09:00:00', max: '20:00:00' });
    expect(visibleHours(reply([day('2026-11-23', { is_available: false })]))).toEqual({ min: '08:00:00', max: '17:00:00' });
    expect(wallTimeLabel('00:30')).toBe('12:30 AM');
    expect(wallTimeLabel('13:05')).toBe('1:05 PM');
  });

  it("draws the counselor's group sessions read-only, openable only by their facilitator, and stretches the grid for them", () => {
    const sessions = [session('s1', '2026-11-23T11:00:00.000Z'), session('s2', '2026-11-24T02:00:00.000Z', 'cancelled')];
    const own = calendarEvents(reply([day('2026-11-23'), day('2026-11-24')], [], sessions), { bookable: true, groupsOpenable: true });
    expect(own.find((e) => e.id === 'group-s1')).toMatchObject({
      start: '2026-11-23T19:00:00',
      end: '2026-11-23T20:00:00',
      title: 'Group session: Exam Worry Circle',
      extendedProps: { meaning: { kind: 'group', groupUuid: 'g1', openable: true }, part: 'session 2 of 4' },
    });
    expect(own.find((e) => e.id === 'group-s1')?.extendedProps?.label).toBe('Group session Exam Worry Circle, session 2 of 4, Monday, November 23, 2026, 7:00 PM to 8:00 PM, Room 2. Open it on the Groups screen.');
    expect(own.find((e) => e.id === 'group-s2')).toMatchObject({ classNames: ['cal-group', 'cal-cancelled'], extendedProps: { part: 'Cancelled · session 2 of 4' } });
    const managers = calendarEvents(reply([day('2026-11-23')], [], sessions), { bookable: false });
    const read = managers.find((e) => e.id === 'group-s1');
    expect(read).toMatchObject({ classNames: ['cal-group', 'cal-read-only'], extendedProps: { meaning: { kind: 'group', openable: false } } });
    expect(read?.extendedProps?.label).toMatch(/It cannot be changed here\.$/);
    expect(visibleHours(reply([day('2026-11-23')], [], sessions))).toEqual({ min: '09:00:00', max: '20:00:00' });
  });
});
