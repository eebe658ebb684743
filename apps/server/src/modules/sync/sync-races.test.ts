import { SYNC_TABLES } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { createCategory, deleteCategory, renameCustomer, renewLoan, Replica, writeCustomer, writeLoan } from '../../../test/sync/sync-helpers';

// Pulls racing writes (on PostgreSQL the writers really run side by side; on SQLite they interleave
// between statements). Every pull's window ends at the counter it read on its snapshot, so a write
// committed later always has a greater version and lands in a later window: nothing skipped, nothing twice.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const WRITERS = 6;
const ROUNDS = 12;

describe('GET /api/sync under concurrent writes', () => {
  it('the union of repeated pulls holds every row at its final state exactly once, by deltas and by chunks', async () => {
    const admin = await registerCompany(t.app, 'Busy Pawnshop');
    const companyId = admin.companyId;
    const category = await createCategory(t.app, admin.headers);
    const deltas = new Replica(t.app, admin.headers);
    const chunked = new Replica(t.app, admin.headers, 3);

    // Writers wait for a pull to finish every few rounds, so that pulls fall between writes on SQLite too.
    let pulled: Promise<void> = Promise.resolve();
    const writer = async (w: number) => {
      const customers: string[] = [];
      const active: string[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        if (r % 3 === 2) await pulled;
        switch (r % 4) {
          case 0:
            customers.push(await writeCustomer(t.app, admin.headers, `W${w}R${r}`));
            break;
          case 1:
            active.push(await writeLoan(t.app, admin.headers, customers[customers.length - 1], category, 1 + (r % 3)));
            break;
          case 2:
            active.push(await renewLoan(t.app, admin.headers, active.shift()!));
            break;
          default: {
            await renameCustomer(t.app, admin.headers, customers[0], `W${w}R${r}-renamed`);
            const doomed = await createCategory(t.app, admin.headers, `Temporary ${w}-${r}`);
            await deleteCategory(t.app, admin.headers, doomed.id);
          }
        }
      }
    };
    let writing = true;
    let pulls = 0;
    const reader = async () => {
      while (writing) {
        // On SQLite a pull never leaves the microtask queue; give the writers' HTTP requests their turn.
        await new Promise((resolve) => setImmediate(resolve));
        let done = () => {};
        pulled = new Promise((resolve) => (done = resolve));
        try {
          await deltas.pull();
          await chunked.pullByChunks();
          pulls++;
        } finally {
          done();
        }
      }
    };
    const readerDone = reader();
    try {
      await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    } finally {
      writing = false;
      await readerDone;
    }
    await deltas.pull();
    await chunked.pullByChunks();
    expect(pulls).toBeGreaterThan(2);

    // The final state: a fresh first pull, checked against the database itself.
    const final = new Replica(t.app, admin.headers);
    await final.pull();
    const uuidsIn = async (table: 'customers' | 'loans' | 'items' | 'transactions' | 'categories') =>
      (await t.db.selectFrom(table).select('uuid').where('company_id', '=', companyId).execute()).map((r) => r.uuid).sort();
    for (const table of SYNC_TABLES) expect([...final.tables[table].keys()].sort(), table).toEqual(await uuidsIn(table));
    expect(final.tables.loans.size).toBe(WRITERS * (ROUNDS / 4) * 2);

    for (const [name, replica] of [['deltas', deltas], ['chunks', chunked]] as const) {
      for (const table of SYNC_TABLES) {
        // Chunks carry no tombstones: the chunk-only client still holds the deleted categories.
        if (table === 'categories' && replica === chunked) continue;
        const rows = (r: Replica) => [...r.tables[table].values()].map((row) => JSON.stringify(row)).sort();
        expect(rows(replica), `${name} ${table}`).toEqual(rows(final));
        const seen = new Map<string, number>();
        for (const s of replica.seen) seen.set(s, (seen.get(s) ?? 0) + 1);
        for (const row of final.tables[table].values()) {
          expect(seen.get(`${table}|${row.uuid}|${JSON.stringify(row)}`), `${name} ${table} ${row.uuid}`).toBe(1);
        }
      }
    }
  }, 120_000);
});
