import { randomUUID } from 'node:crypto';
import type { PushedDelta } from '@kalinga/contracts/live-changes';
import type { SyncDeltaReply } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Actor, addUser } from '../../../test/harness';
import { atBranch, call, type LendingWorld, makeCustomer, pullDelta, TODAY, twoBranchWorld } from '../../../test/lending/lending-helpers';
import { type LiveStream, openLiveStream, secondInstance } from '../../../test/sync/live-stream';
import { currentVersion } from '../../db/sync-version';
import { buildPushedDeltas, type DeltaReader, PUSHED_DELTA_ROWS } from './live-deltas';

// Small deltas carried in the live signal (decision 0360): each stream's delta is the reply its own user's pull
// `since=<from>` gives, per branch and permission; nothing a user could not pull; large deltas go plain. On
// PostgreSQL the writes go through one instance and the streams are read on another.

let w: LendingWorld;
let makati: number;
let liza: Actor;
let makatiClerk: Actor;
let other: Awaited<ReturnType<typeof secondInstance>>;
const open: LiveStream[] = [];

beforeAll(async () => {
  const world = await twoBranchWorld();
  ({ w, makati } = world);
  liza = world.clerk;
  // A second counter clerk (the 'counter' role twoBranchWorld made), working at Makati only.
  makatiClerk = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['counter'], name: 'Mara' });
  await w.t.db.insertInto('user_branches').values({ company_id: w.admin.companyId, user_id: makatiClerk.user.id, branch_id: makati }).execute();
  other = await secondInstance(w.t);
});
afterAll(async () => {
  for (const s of open) s.close();
  await other.close();
  await w.t.close();
});

async function stream(actor: Actor): Promise<LiveStream> {
  const s = await openLiveStream(other.app, actor.headers);
  open.push(s);
  await vi.waitFor(() => expect(s.preamble.length).toBeGreaterThan(0));
  return s;
}

const counter = () => currentVersion(w.t.db, w.admin.companyId);
const withoutTime = (reply: SyncDeltaReply) => ({ ...reply, meta: { ...reply.meta, server_time: '' } });
const cursorAt = (v: number) => `c${v}`;

/** The stream's last delta, once it reaches the counter `to`. */
async function deltaUpTo(s: LiveStream, to: number): Promise<PushedDelta> {
  await vi.waitFor(() => expect(s.deltas.at(-1)?.to).toBe(cursorAt(to)), { timeout: 5000 });
  return s.deltas.at(-1) as PushedDelta;
}

/** The delta equals what the actor's own pull after its `from` gives now (the counter has not moved since). */
async function expectSameAsPull(actor: Actor, delta: PushedDelta): Promise<void> {
  const { from, to, ...reply } = delta;
  const pulled = await pullDelta(w.t, actor, from);
  expect(pulled.meta.cursor).toBe(to);
  expect(withoutTime(reply)).toEqual(withoutTime(pulled));
}

describe('deltas carried in the live signal', () => {
  it("gives each kind of reader what its own pull gives: a manager's every branch, a clerk's branch and own open day", async () => {
    const day = await call(w.t, liza, 'POST', '/api/cash-days', { uuid: randomUUID(), day: TODAY(), opening_float: 3000 });
    expect(day.statusCode, day.body).toBe(201);
    const admin = await stream(w.admin);
    const main = await stream(liza);
    const mara = await stream(makatiClerk);
    const viewer = await stream(w.viewer);
    const start = await counter();
    // A customer (every branch's book) and a loan at Makati (Makati's and the manager's only).
    const customer = await makeCustomer(w.t, w.admin);
    const loan = await call(w.t, w.admin, 'POST', '/api/loans', { uuid: randomUUID(), customer_uuid: customer.uuid, category_id: w.category.id, loan_date: TODAY(), loan_amount: 1000, items: [{ uuid: randomUUID(), description: 'Gold ring', appraisal_value: 1500 }] }, atBranch(makati));
    expect(loan.statusCode, loan.body).toBe(201);
    const end = await counter();
    expect(end).toBeGreaterThan(start);
    const deltas = { admin: await deltaUpTo(admin, end), main: await deltaUpTo(main, end), mara: await deltaUpTo(mara, end), viewer: await deltaUpTo(viewer, end) };
    await expectSameAsPull(w.admin, deltas.admin);
    await expectSameAsPull(liza, deltas.main);
    await expectSameAsPull(makatiClerk, deltas.mara);
    await expectSameAsPull(w.viewer, deltas.viewer);
    // What differs between them is what their pulls differ by: the Makati loan, and Liza's own open day.
    const loanUuid = (loan.json() as { data: { uuid: string } }).data.uuid;
    expect(deltas.admin.data.loans.map((l) => l.uuid)).toContain(loanUuid);
    expect(deltas.mara.data.loans.map((l) => l.uuid)).toContain(loanUuid);
    expect(deltas.main.data.loans.map((l) => l.uuid)).not.toContain(loanUuid);
    expect(deltas.viewer.data.loans).toEqual([]);
    expect(deltas.main.data.cash_days?.map((d) => d.user_id)).toEqual([liza.user.id]);
    expect(deltas.mara.data.cash_days).toEqual([]);
    expect(deltas.viewer.data.cash_days).toEqual([]);
    // Every delta of the stream follows the one before it: each starts where the last ended.
    for (const s of [admin, main, mara, viewer]) {
      const carried = s.deltas.filter((d): d is PushedDelta => d !== null);
      for (let i = 1; i < carried.length; i++) expect(carried[i].from).toBe(carried[i - 1].to);
    }
  });

  it('tells nothing to a user without view lending or of another company, and a reader whose branches changed gets the plain signal', async () => {
    const noLending = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: [] });
    const quiet = await stream(noLending);
    const elsewhere = await stream(w.other);
    const moved = await stream(makatiClerk);
    const staying = await stream(w.admin);
    // Mara is also given the first branch after her stream opened: her stream's reader is not the one she is now.
    const first = ((await call(w.t, w.admin, 'GET', '/api/branches')).json() as { data: { id: number }[] }).data.find((b) => b.id !== makati);
    await w.t.db.insertInto('user_branches').values({ company_id: w.admin.companyId, user_id: makatiClerk.user.id, branch_id: first?.id ?? 0 }).execute();
    await makeCustomer(w.t, w.admin);
    const end = await counter();
    await deltaUpTo(staying, end);
    await vi.waitFor(() => expect(moved.signals).toContainEqual(['lending']));
    expect(moved.deltas).toEqual([null]);
    expect(quiet.signals).toEqual([]);
    expect(elsewhere.signals).toEqual([]);
    await w.t.db.deleteFrom('user_branches').where('user_id', '=', makatiClerk.user.id).where('branch_id', '=', first?.id ?? 0).execute();
  });

  it('carries no delta of more than PUSHED_DELTA_ROWS rows: the plain signal', async () => {
    const reader: DeltaReader = { userId: w.admin.user.id, branchIds: null, clerk: true };
    const from = await counter();
    for (let i = 0; i <= PUSHED_DELTA_ROWS; i++) await makeCustomer(w.t, w.admin, { first_name: `Bulk ${i}` });
    const large = await buildPushedDeltas(w.t.db, w.admin.companyId, from, [reader], w.t.app.contentKeys);
    expect(large.to).toBe(await counter());
    expect(large.forReader(reader)).toBeNull();
    // The last hundred are small enough, and what the pull gives.
    const small = await buildPushedDeltas(w.t.db, w.admin.companyId, from + 1, [reader], w.t.app.contentKeys);
    const delta = JSON.parse(small.forReader(reader) ?? 'null') as PushedDelta;
    expect(delta.data.customers).toHaveLength(PUSHED_DELTA_ROWS);
    await expectSameAsPull(w.admin, delta);
    // Nothing after the counter: nothing to build.
    expect((await buildPushedDeltas(w.t.db, w.admin.companyId, large.to, [reader], w.t.app.contentKeys)).to).toBe(large.to);
  });
});
