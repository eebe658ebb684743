// Wall-clock helpers for the company's IANA time zone, on Intl only (no zone library in the web app).
// Schedules, excluded dates and slot strings are wall times in the company's zone (PRODUCT.md);
// appointment_date travels as a UTC instant; the browser shows instants in its own zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall date (YYYY-MM-DD) and time (HH:mm) of an instant in a zone. */
export function wallOf(instant: Date | string, timeZone: string): { date: string; time: string } {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  const p: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(d)) p[part.type] = part.value;
  const hour = p.hour === '24' ? '00' : p.hour;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${hour}:${p.minute}` };
}

/** Today's calendar date in a zone: the earliest date a booking or an excluded date may take. */
export function todayInZone(timeZone: string | undefined, now: Date = new Date()): string {
  if (!timeZone) {
    // Without the company's zone, the browser's own date is the best guess.
    const y = now.getFullYear();
    const m = String(now.getMonth() + 1).padStart(2, '0');
    const d = String(now.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return wallOf(now, timeZone).date;
}

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
