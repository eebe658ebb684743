import { syncChunkReplySchema, syncDeltaReplySchema, type SyncDeltaReply } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Actor, addUser } from '../../../test/harness';
import { call, counterClerks, lendingWorld, type LendingWorld, makeCustomer, pullDelta } from '../../../test/lending/lending-helpers';
import { CURSOR_AHEAD } from './sync.service';
import { COUNTED_VERSIONS, SMALL_DELTA_ROWS, SMALL_DELTA_VERSIONS, skipsTurn } from './delta-gap';
import { inPullTurn } from './pull-turns';

// A delta sized up by the counter before its snapshot (decision 0333): nothing after the cursor is answered from the
// counter alone, and a delta a few writes or rows behind (decision 0348) skips the pull turns that downloads and larger
// deltas still take.
// On SQLite and PostgreSQL.

let w: LendingWorld;
let clerk: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  [clerk] = await counterClerks(w, w.admin, ['Clerk One']);
});
afterAll(async () => {
  await w.t.close();
});

const pull = (actor: Actor, since?: string) => pullDelta(w.t, actor, since);
const rowsOf = (r: SyncDeltaReply) => r.data.customers.length + r.data.loans.length + r.data.items.length + r.data.categories.length;

describe('a delta with nothing after its cursor', () => {
  it('is the empty reply with the same cursor, read without a snapshot; a write makes the next one full again', async () => {
    const first = await pull(clerk);
    const snapshots = vi.spyOn(w.t.app.db, 'transaction');
    try {
      const quiet = await pull(clerk, first.meta.cursor);
      expect(quiet.meta).toMatchObject({ cursor: first.meta.cursor, total_changes: 0, recommendation: null });
      expect(rowsOf(quiet)).toBe(0);
      expect(quiet.data.cash_days).toEqual([]);
      expect(Object.values(quiet.data.deleted).flat()).toEqual([]);
      expect(snapshots).not.toHaveBeenCalled();
      const customer = await makeCustomer(w.t, clerk, { first_name: 'Early' });
      snapshots.mockClear();
      const next = await pull(clerk, quiet.meta.cursor);
      expect(next.data.customers.map((c) => c.uuid)).toEqual([customer.uuid]);
      expect(next.meta.total_changes).toBe(1);
      expect(snapshots).toHaveBeenCalled();
    } finally {
      snapshots.mockRestore();
    }
  });

  it("another company's writes leave this company's pull empty; a cursor ahead is refused (422), a user without view lending too (403)", async () => {
    const mine = await pull(clerk);
    await makeCustomer(w.t, w.other, { first_name: 'Elsewhere' });
    const quiet = await pull(clerk, mine.meta.cursor);
    expect(quiet.meta.cursor).toBe(mine.meta.cursor);
    expect(quiet.data.customers).toEqual([]);
    const ahead = await call(w.t, clerk, 'GET', '/api/sync?since=c99999999');
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().errors.since).toEqual([CURSOR_AHEAD]);
    const role = await call(w.t, w.admin, 'POST', '/api/roles', { name: 'no lending', permissions: ['view resources'] });
    expect(role.statusCode, role.body).toBe(201);
    const outsider = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['no lending'] });
    expect((await call(w.t, outsider, 'GET', `/api/sync?since=${mine.meta.cursor}`)).statusCode).toBe(403);
  });
});

describe('pull turns', () => {
  it('a delta a few writes or rows behind is answered while a turn is held; a download and a delta of many rows wait for it', async () => {
    const start = await pull(clerk);
    await makeCustomer(w.t, clerk, { first_name: 'One' });
    let release!: () => void;
    const held = inPullTurn(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      let chunkDone = false;
      const chunk = call(w.t, clerk, 'GET', '/api/sync?table=customers').then((res) => ((chunkDone = true), res));
      const empty = await pull(clerk, (await pull(clerk, start.meta.cursor)).meta.cursor);
      expect(empty.meta.total_changes).toBe(0);
      const small = await pull(clerk, start.meta.cursor);
      expect(small.data.customers.map((c) => c.first_name)).toEqual(['One']);
      // More versions behind than SMALL_DELTA_VERSIONS, but few rows: no turn (decision 0348).
      for (let i = 0; i <= SMALL_DELTA_VERSIONS; i++) await makeCustomer(w.t, clerk, { first_name: `Many ${i}` });
      const behind = await pull(clerk, small.meta.cursor);
      expect(behind.data.customers).toHaveLength(SMALL_DELTA_VERSIONS + 1);
      // More rows than SMALL_DELTA_ROWS after `small`: that delta waits for the turn.
      for (let i = SMALL_DELTA_VERSIONS + 1; i <= SMALL_DELTA_ROWS; i++) await makeCustomer(w.t, clerk, { first_name: `Many ${i}` });
      let farDone = false;
      const far = call(w.t, clerk, 'GET', `/api/sync?since=${small.meta.cursor}`).then((res) => ((farDone = true), res));
      // Answered with the turn held, after the far delta was asked: fewer rows after `behind`.
      const rest = await pull(clerk, behind.meta.cursor);
      expect(rest.data.customers).toHaveLength(SMALL_DELTA_ROWS - SMALL_DELTA_VERSIONS);
      expect(chunkDone).toBe(false);
      expect(farDone).toBe(false);
      release();
      await held;
      expect(syncChunkReplySchema.parse((await chunk).json()).data.length).toBeGreaterThan(0);
      expect(syncDeltaReplySchema.parse((await far).json()).data.customers).toHaveLength(SMALL_DELTA_ROWS + 1);
    } finally {
      release();
    }
  });

  it('a delta more than COUNTED_VERSIONS behind takes a turn without being counted, however few its rows', async () => {
    const cursor = (await pull(clerk)).meta.cursor;
    const counter = Number(/^c(\d+)/.exec(cursor)?.[1]);
    // The window after the cursor is empty, so a count would say 0 rows and let it pass: past COUNTED_VERSIONS it is not asked.
    expect(await skipsTurn(w.t.app.db, clerk.companyId, cursor, { counter, behind: COUNTED_VERSIONS + 1 })).toBe(false);
    expect(await skipsTurn(w.t.app.db, clerk.companyId, cursor, { counter, behind: COUNTED_VERSIONS })).toBe(true);
  });
});
