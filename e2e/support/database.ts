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
