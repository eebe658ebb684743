import { describe, expect, it } from 'vitest';
import { computeDaySlots, type DayHours, type SlotInput } from './slots';
import { localDateOf, wallOf, weekdayOf } from './zone-time';

const WORKDAY: DayHours = { is_available: true, start_time: '09:00', end_time: '17:00', break_start: '12:00', break_end: '13:00' };
const NIGHT: DayHours = { is_available: true, start_time: '00:00', end_time: '05:00', break_start: null, break_end: null };
const LONG_AGO = Date.parse('2000-01-01T00:00:00Z');

function slots(partial: Partial<SlotInput> & { date: string }) {
  return computeDaySlots({ timeZone: 'Asia/Manila', hours: WORKDAY, durationMinutes: 60, excluded: false, busy: [], nowMs: LONG_AGO, ...partial });
}
const times = (s: { time: string }[]) => s.map((x) => x.time);
const isos = (s: { start: number }[]) => s.map((x) => new Date(x.start).toISOString());

describe('slot computation', () => {
  it('steps by the slot length from the start time and skips the break', () => {
    expect(times(slots({ date: '2027-01-04' }))).toEqual(['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('gives the instant in the company zone (Asia/Manila is UTC+8)', () => {
    expect(isos(slots({ date: '2027-01-04' }))[0]).toBe('2027-01-04T01:00:00.000Z');
  });

  it('follows the slot length: 30 and 45 minutes, never overlapping the break or passing the end', () => {
    expect(slots({ date: '2027-01-04', durationMinutes: 30 })).toHaveLength(14);
    expect(times(slots({ date: '2027-01-04', durationMinutes: 45 }))).toEqual(['09:00', '09:45', '10:30', '11:15', '13:00', '13:45', '14:30', '15:15', '16:00']);
    expect(times(slots({ date: '2027-01-04', durationMinutes: 240 }))).toEqual(['13:00']);
  });

  it('gives nothing on an excluded date or an unavailable day', () => {
    expect(slots({ date: '2027-01-04', excluded: true })).toEqual([]);
    expect(slots({ date: '2027-01-04', hours: { ...WORKDAY, is_available: false } })).toEqual([]);
    expect(slots({ date: '2027-01-04', hours: undefined })).toEqual([]);
  });

  it('removes booked slots, also when a booking of another length overlaps', () => {
    const ten = Date.parse('2027-01-04T02:00:00Z'); // 10:00 Manila
    const busy = [{ start: ten, end: ten + 60 * 60_000 }];
    expect(times(slots({ date: '2027-01-04', busy }))).not.toContain('10:00');
    expect(times(slots({ date: '2027-01-04', busy }))).toHaveLength(6);
    // A 90-minute booking at 13:30 blocks 13:00 and 14:00.
    const halfPastOne = Date.parse('2027-01-04T05:30:00Z');
    expect(times(slots({ date: '2027-01-04', busy: [{ start: halfPastOne, end: halfPastOne + 90 * 60_000 }] }))).toEqual(['09:00', '10:00', '11:00', '15:00', '16:00']);
    // Rescheduling: the appointment's own start stays offered.
    expect(times(slots({ date: '2027-01-04', busy, ignoreStart: ten }))).toContain('10:00');
  });

  it('leaves out times already started today', () => {
    const now = Date.parse('2027-01-04T02:30:00Z'); // 10:30 Manila
    expect(times(slots({ date: '2027-01-04', nowMs: now }))).toEqual(['11:00', '13:00', '14:00', '15:00', '16:00']);
    const exactlyEleven = Date.parse('2027-01-04T03:00:00Z');
    expect(times(slots({ date: '2027-01-04', nowMs: exactlyEleven }))[0]).toBe('13:00');
  });

  describe('daylight saving in America/New_York', () => {
    const ny = { timeZone: 'America/New_York' };

    it('2026-03-08 (spring forward): 02:00 does not exist, the day after the gap is on EDT', () => {
      const night = slots({ ...ny, date: '2026-03-08', hours: NIGHT });
      expect(times(night)).toEqual(['00:00', '01:00', '03:00', '04:00']);
      expect(isos(night)).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z']);
      const day = slots({ ...ny, date: '2026-03-08' });
      expect(isos(day)[0]).toBe('2026-03-08T13:00:00.000Z');
      // Half-hour slots: 02:00 and 02:30 fall in the gap.
      expect(times(slots({ ...ny, date: '2026-03-08', hours: NIGHT, durationMinutes: 30 }))).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30']);
      // The day before is still EST.
      expect(isos(slots({ ...ny, date: '2026-03-07' }))[0]).toBe('2026-03-07T14:00:00.000Z');
    });

    it('2026-11-01 (fall back): 01:00 is offered once, at its first occurrence; no slot string repeats', () => {
      const night = slots({ ...ny, date: '2026-11-01', hours: NIGHT });
      expect(times(night)).toEqual(['00:00', '01:00', '02:00', '03:00', '04:00']);
      expect(isos(night)).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-01T05:00:00.000Z', '2026-11-01T07:00:00.000Z', '2026-11-01T08:00:00.000Z', '2026-11-01T09:00:00.000Z']);
      expect(isos(slots({ ...ny, date: '2026-11-01' }))[0]).toBe('2026-11-01T14:00:00.000Z');
      expect(isos(slots({ ...ny, date: '2026-10-31' }))[0]).toBe('2026-10-31T13:00:00.000Z');
    });

    it('maps instants back to the right wall date and time on those days', () => {
      expect(wallOf('2026-03-08T07:00:00.000Z', 'America/New_York')).toEqual({ date: '2026-03-08', time: '03:00' });
      expect(wallOf('2026-11-01T06:00:00.000Z', 'America/New_York')).toEqual({ date: '2026-11-01', time: '01:00' });
      expect(localDateOf('2026-11-01T03:59:00.000Z', 'America/New_York')).toBe('2026-10-31');
      expect(weekdayOf('2026-03-08')).toBe('sunday');
    });
  });
});
