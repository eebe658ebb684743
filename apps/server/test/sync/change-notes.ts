import pg from 'pg';
import { CHANGES_CHANNEL, type ChangeNote, localChanges, parseNotePayload } from '../../src/db/change-signals';
import type { TestApp } from '../harness';

/**
 * Every change note the test's database delivers while it listens: on SQLite the process's own notes, on
 * PostgreSQL the NOTIFYs of committed transactions (a LISTEN on a connection of its own). Notes arrive in commit
 * order, so a test that waits for a later write's note has heard every note before it.
 */
export async function listenToChangeNotes(t: TestApp): Promise<{ notes: ChangeNote[]; close(): Promise<void> }> {
  const notes: ChangeNote[] = [];
  const database = t.config.database;
  if (database.kind === 'sqlite') {
    const take = (note: ChangeNote) => notes.push(note);
    localChanges.on('change', take);
    return { notes, close: async () => void localChanges.off('change', take) };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  client.on('notification', (message) => {
    const note = parseNotePayload(message.payload);
    if (note) notes.push(note);
  });
  await client.query(`listen ${CHANGES_CHANNEL}`);
  return { notes, close: () => client.end() };
}
