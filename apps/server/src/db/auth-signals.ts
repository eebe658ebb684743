import { EventEmitter } from 'node:events';
import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from './locks';
import type { Database } from './tables';

// Where a write that changes what a session lookup returns is noted, for every instance's session cache
// (docs/decisions/0361-session-cache.md): tokens ended, a user's row (status, password, profile), memberships, a
// user's roles, a role's name or permissions, the company's time zone. Called by the repository that writes, after
// its write: on PostgreSQL the NOTIFY goes with the write's transaction and reaches every instance's listener only at
// commit (after the write itself when there is no transaction); on SQLite, one process, the in-process emitter hears
// it at once and any lookup made after it waits for the database's one connection, so reads the write.

/** The PostgreSQL channel every instance's session cache LISTENs on. */
export const AUTH_CHANNEL = 'kalinga_auth';

/** What changed, coarsely: one user's sessions, one token, or everything of one company. */
export interface AuthNote {
  kind: 'user' | 'token' | 'company';
  id: number;
}

/** Notes written on SQLite (the process's own writes); the session cache listens. */
export const localAuthChanges = new EventEmitter<{ change: [AuthNote] }>();
localAuthChanges.setMaxListeners(0);

const PREFIX: Record<AuthNote['kind'], string> = { user: 'u', token: 't', company: 'c' };

/** The NOTIFY payload: `u12`, `t7` or `c3`. */
export function authPayload(note: AuthNote): string {
  return `${PREFIX[note.kind]}${note.id}`;
}

/** Reads a payload back; null for anything this version did not write. */
export function parseAuthPayload(payload: string | undefined): AuthNote | null {
  const match = /^([utc])([1-9]\d{0,9})$/.exec(payload ?? '');
  if (!match) return null;
  const kind = match[1] === 'u' ? 'user' : match[1] === 't' ? 'token' : 'company';
  return { kind, id: Number(match[2]) };
}

/** Notes that what `note` names changed in the transaction (or after the statement) `conn` runs. */
export async function authChanged(conn: Kysely<Database>, note: AuthNote): Promise<void> {
  if (isPostgresDb(conn)) {
    await sql`select pg_notify(${AUTH_CHANNEL}, ${authPayload(note)})`.execute(conn);
    return;
  }
  localAuthChanges.emit('change', note);
}
