import { tzOffset } from '@date-fns/tz';
import { describe, expect, it, vi } from 'vitest';
import { constantDayBase, daysFromCivil, minutesOf, naiveDayMs, weekdayOf, ZoneDay } from './zone-time';

const DAY = 86_400_000;
const NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const slowDayMs = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

describe('calendar arithmetic read from character codes', () => {
  it('naiveDayMs and weekdayOf agree with Date.UTC on every day from 1899 to 2101', () => {
    for (let ms = Date.UTC(1899, 0, 1); ms <= Date.UTC(2101, 11, 31); ms += DAY) {
      const date = new Date(ms).toISOString().slice(0, 10);
      if (naiveDayMs(date) !== ms) throw new Error(`naiveDayMs(${date})`);
      if (weekdayOf(date) !== NAMES[new Date(ms).getUTCDay()]) throw new Error(`weekdayOf(${date})`);
    }
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1)).toBe(11_017);
  });

  it('reads odd input exactly as the slicing version did', () => {
    for (const date of ['2026-02-30', '2026-13-01', '2026-00-10', '0099-01-01', '2026-1-01', 'junk', '', '2026-01-0x', '+02026-01-01']) {
      expect(Object.is(naiveDayMs(date), slowDayMs(date)), date).toBe(true);
    }
    expect(weekdayOf('junk')).toBeUndefined();
  });

  it('remembers only a date it has read (a fresh module reads even the empty string)', async () => {
    vi.resetModules();
    const fresh = await import('./zone-time');
    expect(fresh.naiveDayMs('')).toBe(slowDayMs(''));
    expect(fresh.naiveDayMs('2026-03-08')).toBe(Date.UTC(2026, 2, 8));
    expect(fresh.naiveDayMs('2026-03-08')).toBe(Date.UTC(2026, 2, 8));
  });

  it('minutesOf reads HH:mm and leaves anything else to Number()', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('07:45')).toBe(465);
    expect(minutesOf('23:59')).toBe(1439);
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('9:00')).toBeNaN();
    expect(minutesOf('ab:cd')).toBeNaN();
  });
});

describe('constantDayBase', () => {
  it('is the UTC ms of midnight on a day without a transition, NaN on a transition day', () => {
    expect(constantDayBase('2027-01-04', 'Asia/Manila')).toBe(Date.parse('2027-01-03T16:00:00Z'));
    expect(constantDayBase('2026-03-06', 'America/New_York')).toBe(Date.parse('2026-03-06T05:00:00Z'));
    expect(constantDayBase('2026-03-09', 'America/New_York')).toBe(Date.parse('2026-03-09T04:00:00Z'));
    expect(constantDayBase('2026-03-08', 'America/New_York')).toBeNaN();
    // Sampled 12 h either side of the day: the day before a transition is checked time by time too.
    expect(constantDayBase('2026-03-07', 'America/New_York')).toBeNaN();
    expect(constantDayBase('2026-11-01', 'America/New_York')).toBeNaN();
    expect(constantDayBase('junk', 'America/New_York')).toBeNaN();
  });

  it('agrees with ZoneDay and with the zone itself at every hour of a year in zones with odd rules, walked either way', () => {
    const forward = Array.from({ length: 365 }, (_, i) => Date.UTC(2026, 0, 1) + i * DAY);
    const walks = [forward, [...forward].reverse(), forward.filter((_, i) => i % 3 === 0)];
    const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kathmandu', 'Pacific/Chatham'];
    // Interleaving zones and directions exercises the remembered runs of constant days.
    for (const [walk, zone] of walks.flatMap((w) => zones.map((z) => [w, z] as const))) {
      for (const ms of walk) {
        const date = new Date(ms).toISOString().slice(0, 10);
        const base = constantDayBase(date, zone);
        if (Number.isNaN(base)) continue;
        const day = new ZoneDay(date, zone);
        for (let hour = 0; hour < 24; hour++) {
          const instant = base + hour * 3_600_000;
          if (day.instantOf(hour * 60) !== instant || ms + hour * 3_600_000 - instant !== tzOffset(zone, new Date(instant)) * 60_000) {
            throw new Error(`${zone} ${date} ${hour}:00`);
          }
        }
      }
    }
  });
});
