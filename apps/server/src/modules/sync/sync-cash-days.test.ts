import { randomUUID } from 'node:crypto';
import type { SyncDeltaReply } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser } from '../../../test/harness';
import { call, daysAgo, lendingWorld, type LendingWorld, makeLoan, pullDelta, TODAY, counterClerks } from '../../../test/lending/lending-helpers';

// A clerk's cash days come with the pull (decision 0193): only their own days, of their company, those changed in
// the window and every one still open (its position so far) in every pull that is not empty (decision 0333). On
// SQLite and PostgreSQL.

let w: LendingWorld;
let clerk: Actor;
let second: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  [clerk, second] = await counterClerks(w, w.admin, ['Clerk One', 'Clerk Two']);
});
afterAll(async () => {
  await w.t.close();
});

const pull = (actor: Actor, since?: string) => pullDelta(w.t, actor, since);
const uuidsOf = (reply: SyncDeltaReply) => (reply.data.cash_days ?? []).map((d) => d.uuid);

async function open(actor: Actor, day: string, float = 5000) {
  const res = await call(w.t, actor, 'POST', '/api/cash-days', { uuid: randomUUID(), day, opening_float: float });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uuid: string; version: number };
}

describe('cash days in the pull', () => {
  it("brings the clerk's own days from the epoch; another clerk's, another company's and a viewer's pull do not", async () => {
    const mine = await open(clerk, TODAY(), 4000);
    const theirs = await open(second, TODAY());
    const elsewhere = await open(w.other, TODAY());
    const first = await pull(clerk);
    expect(uuidsOf(first)).toEqual([mine.uuid]);
    expect(first.data.cash_days?.[0]).toMatchObject({ day: TODAY(), status: 'open', opening_float: 4000, user_id: clerk.user.id, position: { expected: 4000 } });
    expect(uuidsOf(await pull(second))).toEqual([theirs.uuid]);
    expect(uuidsOf(await pull(w.other))).toEqual([elsewhere.uuid]);
    // Viewing lending only: no drawer of one's own, and nobody else's.
    expect(uuidsOf(await pull(w.viewer))).toEqual([]);
    expect(uuidsOf(await pull(w.admin))).toEqual([]);
  });

  it('an open day rides in every pull with its position so far; a closed one once, when it changed', async () => {
    const yesterday = await open(clerk, daysAgo(1), 1000);
    const before = await pull(clerk);
    expect(uuidsOf(before)).toContain(yesterday.uuid);
    // A loan paid out today moves today's position; the day's row is unchanged, and still comes, with it.
    await makeLoan(w, { loan_amount: 1000 }, clerk);
    const after = await pull(clerk, before.meta.cursor);
    const today = after.data.cash_days?.find((d) => d.day === TODAY());
    expect(today?.position.disbursed).toBeGreaterThan(0);
    expect(today?.position.expected).toBeLessThan(4000);
    const closed = await call(w.t, clerk, 'POST', `/api/cash-days/${yesterday.uuid}/close`, { counted: 1000 });
    expect(closed.statusCode, closed.body).toBe(200);
    const withClose = await pull(clerk, after.meta.cursor);
    const day = withClose.data.cash_days?.find((d) => d.uuid === yesterday.uuid);
    expect(day).toMatchObject({ status: 'closed', counted: 1000, difference: 0 });
    expect(day!.version).toBeGreaterThan(yesterday.version);
    // Nothing changed since: the reply is empty (the device holds the open day as it is, decision 0333).
    const quiet = await pull(clerk, withClose.meta.cursor);
    expect(quiet.meta.cursor).toBe(withClose.meta.cursor);
    expect(uuidsOf(quiet)).toEqual([]);
    // Another clerk's write changes nothing of this clerk's: the closed day stays out, the open one comes again.
    await makeLoan(w, { loan_amount: 500 }, second);
    const later = await pull(clerk, quiet.meta.cursor);
    expect(uuidsOf(later)).not.toContain(yesterday.uuid);
    expect(later.data.cash_days?.map((d) => d.status)).toEqual(['open']);
    expect(later.data.cash_days?.[0].position).toEqual(today?.position);
  });

  it('refuses a junk cursor (422), a user without view lending (403) and a signed-out call (401)', async () => {
    expect((await call(w.t, clerk, 'GET', '/api/sync?since=junk')).statusCode).toBe(422);
    const outsider = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: [] });
    expect((await call(w.t, outsider, 'GET', '/api/sync')).statusCode).toBe(403);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/sync' })).statusCode).toBe(401);
  });
});
