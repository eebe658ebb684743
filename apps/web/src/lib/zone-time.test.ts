// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { wallTimeToInstant } from './zone-time';
import { todayIn, wallOf } from '@kalinga/contracts/zone-time';

describe('wallTimeToInstant', () => {
  it('converts a Manila wall time (UTC+8, no DST)', () => {
    expect(wallTimeToInstant('2026-03-09', '09:00', 'Asia/Manila')).toBe('2026-03-09T01:00:00.000Z');
    expect(wallTimeToInstant('2026-03-09', '00:30', 'Asia/Manila')).toBe('2026-03-08T16:30:00.000Z');
  });

  it('handles the New York spring-forward day (2026-03-08)', () => {
    expect(wallTimeToInstant('2026-03-08', '01:00', 'America/New_York')).toBe('2026-03-08T06:00:00.000Z');
    // 02:30 does not exist that day.
    expect(wallTimeToInstant('2026-03-08', '02:30', 'America/New_York')).toBeNull();
    expect(wallTimeToInstant('2026-03-08', '09:00', 'America/New_York')).toBe('2026-03-08T13:00:00.000Z');
  });

  it('handles the New York fall-back day (2026-11-01), taking the earlier 01:30', () => {
    expect(wallTimeToInstant('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(wallTimeToInstant('2026-11-01', '09:00', 'America/New_York')).toBe('2026-11-01T14:00:00.000Z');
  });

  it('round-trips with wallOf', () => {
    for (const zone of ['Asia/Manila', 'America/New_York', 'Europe/London', 'UTC', 'Asia/Kolkata']) {
      const iso = wallTimeToInstant('2026-07-15', '13:45', zone);
      expect(iso).not.toBeNull();
      expect(wallOf(iso!, zone)).toEqual({ date: '2026-07-15', time: '13:45' });
    }
  });
});

describe('wallOf and todayIn', () => {
  it("reads an instant's wall date and time in a zone", () => {
    expect(wallOf('2026-03-08T16:30:00.000Z', 'Asia/Manila')).toEqual({ date: '2026-03-09', time: '00:30' });
    expect(wallOf('2026-03-09T00:00:00.000Z', 'UTC')).toEqual({ date: '2026-03-09', time: '00:00' });
  });
  it("gives today's date in the company's zone, which may differ from UTC's", () => {
    const now = new Date('2026-03-08T20:00:00.000Z');
    expect(todayIn('Asia/Manila', now)).toBe('2026-03-09');
    expect(todayIn('America/New_York', now)).toBe('2026-03-08');
  });
});
