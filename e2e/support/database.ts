import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { RunningServer } from './server';

/**
 * Moves the appointment with this reason to `minutesAgo` before now in the running server's SQLite file: a session
 * can be marked completed only after it has started, and the screens cannot book in the past.
 */
export function startAppointmentEarlier(server: RunningServer, reason: string, minutesAgo = 30): void {
  const db = new SQLite(path.join(server.dataDir, 'kalinga.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutesAgo * 60_000).toISOString();
    const changed = db.prepare('update appointments set appointment_date = ? where reason = ?').run(start, reason).changes;
    if (changed !== 1) throw new Error(`expected one appointment with reason "${reason}", changed ${changed}`);
  } finally {
    db.close();
  }
}

/**
 * Moves every company of the running server to a fixed-offset zone where it is about 06:00 now: a test of today's
 * slots (same-day slots) then has the working day still ahead whatever the hour it runs at. Returns the zone.
 */
export function setCompaniesToMorning(server: RunningServer): string {
  const offset = ((6 - new Date().getUTCHours() + 36) % 24) - 12;
  const zone = offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  const db = new SQLite(path.join(server.dataDir, 'kalinga.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update companies set timezone = ?').run(zone);
  } finally {
    db.close();
  }
  return zone;
}
