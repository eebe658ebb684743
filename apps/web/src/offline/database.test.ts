import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { openLocalDatabase } from './database';
import { SCHEMA_V15 } from './db';

/** A database as an older app left it: Dexie version `version`, one customer row. */
async function olderBook(name: string, version: number): Promise<void> {
  const old = new Dexie(name);
  old.version(version).stores(SCHEMA_V15);
  await old.open();
  await old.table('customers').put({ uuid: 'c-1', id: 1, sync_status: 'synced', created_at: '2026-01-01T00:00:00.000Z' });
  old.close();
}

describe('the local database\'s upgrades (decision 0289: one declared wipe at 14)', () => {
  it.each([10, 11, 12, 13])('wipes the rows of a database at version %i on its way to 16', async (version) => {
    await olderBook(`wipe-${version}`, version);
    const db = openLocalDatabase(`wipe-${version}`);
    expect(await db.table('customers').count()).toBe(0);
    expect(db.verno).toBe(16);
    expect(db.tables.map((t) => t.name)).toContain('cashDays');
    db.close();
  });

  it.each([14, 15])('keeps the rows of a database at version %i', async (version) => {
    await olderBook(`keep-${version}`, version);
    const db = openLocalDatabase(`keep-${version}`);
    expect(await db.table('customers').count()).toBe(1);
    expect(db.verno).toBe(16);
    db.close();
  });
});
