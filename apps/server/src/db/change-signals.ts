import { EventEmitter } from 'node:events';
import type { ChangeScope } from '@kalinga/contracts/live-changes';
import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from './locks';
import type { Database } from './tables';

// Where a change that devices should hear of is noted (docs/decisions/0325-changes-pushed-to-devices.md). Called in
// the writing transaction: on PostgreSQL the NOTIFY is queued with it and delivered to every instance's listener
// only when it commits (never for a rollback; the same payload twice in one transaction is delivered once). On
// SQLite, one process, the note goes to an in-process emitter; the listener (modules/sync/live-changes.ts) waits
// for the database's one connection to be free before it tells anyone, which is after the commit.

/** The PostgreSQL channel every instance LISTENs on. */
export const CHANGES_CHANNEL = 'kalinga_changes';

/** One note: which company, what kind of thing. The NOTIFY payload is this as JSON (`{"c":1,"s":"lending"}`). */
export interface ChangeNote {
  companyId: number;
  scope: ChangeScope;
}

/** Notes written on SQLite (the process's own writes); the live-changes hub listens. */
export const localChanges = new EventEmitter<{ change: [ChangeNote] }>();
localChanges.setMaxListeners(0);

export function notePayload(note: ChangeNote): string {
  return JSON.stringify({ c: note.companyId, s: note.scope });
}

/** Notes that `scope` rows of the company change in the transaction (or statement) `conn` runs. */
export async function signalChange(conn: Kysely<Database>, companyId: number, scope: ChangeScope): Promise<void> {
  if (isPostgresDb(conn)) {
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${notePayload({ companyId, scope })})`.execute(conn);
    return;
  }
  localChanges.emit('change', { companyId, scope });
}

/** Reads a NOTIFY payload back into a note; null for anything this version did not write. */
export function parseNotePayload(payload: string | undefined): ChangeNote | null {
  try {
    const { c, s } = JSON.parse(payload ?? '') as { c?: unknown; s?: unknown };
    if (typeof c !== 'number' || !Number.isInteger(c) || (s !== 'lending' && s !== 'appointments')) return null;
    return { companyId: c, scope: s };
  } catch {
    return null;
  }
}

/**
 * Resolves once the SQLite database's one connection is free: a transaction that noted a change has then ended
 * (Kysely runs one transaction at a time on it; a query waits its turn). On PostgreSQL notes arrive after commit.
 */
export async function afterOpenWrites(db: Kysely<Database>): Promise<void> {
  if (!isPostgresDb(db)) await sql`select 1`.execute(db);
}
