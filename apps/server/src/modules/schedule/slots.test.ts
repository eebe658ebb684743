import { tzOffset } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { computeDaySlots, type DayHours, type SlotInput } from './slots';
import { localDateOf, wallOf, weekdayOf } from '@kalinga/contracts/zone-time';

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

describe('slot computation against a plain reference (per-slot zone check, linear scan of bookings)', () => {
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const wallMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const offsetAt = (zone: string, ms: number) => tzOffset(zone, new Date(ms)) * MIN;

  /** 0020's rules, written the slow, obvious way. */
  function reference(input: SlotInput): { time: string; start: number }[] {
    const h = input.hours;
    const d = input.durationMinutes;
    if (!h || !h.is_available || input.excluded || d <= 0) return [];
    const naiveDay = Date.UTC(Number(input.date.slice(0, 4)), Number(input.date.slice(5, 7)) - 1, Number(input.date.slice(8, 10)));
    const hasBreak = h.break_start !== null && h.break_end !== null && wallMinutes(h.break_start) < wallMinutes(h.break_end);
    const out: { time: string; start: number }[] = [];
    for (let t = wallMinutes(h.start_time); t + d <= wallMinutes(h.end_time); ) {
      if (hasBreak && t < wallMinutes(h.break_end!) && t + d > wallMinutes(h.break_start!)) {
        t = wallMinutes(h.break_end!);
        continue;
      }
      const naive = naiveDay + t * MIN;
      // Every offset the zone has within 14 h; keep the earliest instant that really shows this wall time.
      const offsets = new Set(Array.from({ length: 29 }, (_, k) => offsetAt(input.timeZone, naive + (k - 14) * HOUR)));
      const starts = [...offsets].map((o) => naive - o).filter((x) => offsetAt(input.timeZone, x) === naive - x);
      if (starts.length > 0) {
        const s = Math.min(...starts);
        const taken = input.busy.some((b) => b.start !== input.ignoreStart && b.start < s + d * MIN && b.end > s);
        if (s > input.nowMs && !taken) out.push({ time: hhmm(t), start: s });
      }
      t += d;
    }
    return out;
  }

  let seed = 12345;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];

  it('gives the same slots around transitions in zones with unusual rules, for many lengths, bookings and clocks', () => {
    const cases: [string, string][] = [
      ['America/New_York', '2026-03-08'], ['America/New_York', '2026-11-01'], ['Europe/London', '2026-03-29'], ['Europe/London', '2026-10-25'],
      ['Australia/Lord_Howe', '2026-04-05'], ['Australia/Lord_Howe', '2026-10-04'], ['America/Santiago', '2026-04-05'], ['America/Santiago', '2026-09-06'],
      ['America/Havana', '2026-03-08'], ['America/Havana', '2026-11-01'], ['Asia/Manila', '2026-06-15'], ['Pacific/Chatham', '2026-04-05'],
    ];
    const hoursChoices: DayHours[] = [
      WORKDAY,
      NIGHT,
      { is_available: true, start_time: '00:00', end_time: '23:59', break_start: '01:30', break_end: '02:45' },
      { is_available: true, start_time: '07:00', end_time: '19:00', break_start: '12:00', break_end: '13:00' },
      { is_available: true, start_time: '01:00', end_time: '04:00', break_start: null, break_end: null },
    ];
    let compared = 0;
    for (const [timeZone, transition] of cases) {
      for (let shift = -2; shift <= 2; shift++) {
        const date = new Date(Date.parse(`${transition}T00:00:00Z`) + shift * 86_400_000).toISOString().slice(0, 10);
        const dayStart = Date.parse(`${date}T00:00:00Z`) - 14 * HOUR;
        for (let round = 0; round < 12; round++) {
          const durationMinutes = pick([15, 30, 45, 60, 90, 240]);
          // Bookings of several lengths over the day and its neighbours, sorted by start; one list per round.
          const busy = Array.from({ length: Math.floor(random() * 30) }, () => {
            const start = dayStart + Math.floor(random() * 52 * 4) * 15 * MIN;
            return { start, end: start + pick([15, 30, 60, 90, 240]) * MIN };
          }).sort((a, b) => a.start - b.start);
          const input: SlotInput = {
            date,
            timeZone,
            hours: pick(hoursChoices),
            durationMinutes,
            excluded: false,
            busy,
            nowMs: random() < 0.7 ? LONG_AGO : dayStart + random() * 40 * HOUR,
            ignoreStart: busy.length > 0 && random() < 0.3 ? pick(busy).start : undefined,
          };
          const expected = reference(input);
          expect(computeDaySlots(input), `${timeZone} ${date} ${durationMinutes} min`).toEqual(expected);
          // The same list again (now remembered), as a month's days reuse it.
          expect(computeDaySlots(input)).toEqual(expected);
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
