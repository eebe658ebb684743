// Wall time to instant for the company's IANA time zone, on Intl only (no zone library in the web app); the date
// helpers both sides share (todayIn, wallOf, localDateOf) live in @kalinga/contracts/zone-time.
// Schedules, excluded dates and slot strings are wall times in the company's zone (product-rules.md#appointments);
// appointment_date travels as a UTC instant; the browser shows instants in its own zone.
import { wallOf } from '@kalinga/contracts/zone-time';

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(timeZone: string, ms: number): number {
  const { date, time } = wallOf(new Date(ms), timeZone);
  const asUtc = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), Number(time.slice(0, 2)), Number(time.slice(3, 5)));
  return Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * The UTC instant (ISO) of a wall date and HH:mm in a zone, or null when that wall time does not exist
 * (inside a spring-forward gap). In a fall-back overlap the earlier occurrence is taken, as the server does.
 */
export function wallTimeToInstant(date: string, time: string, timeZone: string): string | null {
  const naive = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), Number(time.slice(0, 2)), Number(time.slice(3, 5)));
  // Try the offsets in force a day either side; the earliest candidate that reads back right wins.
  const offsets = new Set([offsetMinutes(timeZone, naive - 86_400_000), offsetMinutes(timeZone, naive), offsetMinutes(timeZone, naive + 86_400_000)]);
  const candidates = [...offsets].map((o) => naive - o * 60_000).sort((a, b) => a - b);
  for (const ms of candidates) {
    const back = wallOf(new Date(ms), timeZone);
    if (back.date === date && back.time === time) return new Date(ms).toISOString();
  }
  return null;
}
