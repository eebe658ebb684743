import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness';
import { call, counterClerks, lendingWorld, type LendingWorld, makeLoan } from '../../../test/lending/lending-helpers';

// Prints of a ticket recorded on the server (decision 0216), on SQLite and PostgreSQL: who, when, on which device;
// once per print uuid, through its route and the queue's push; an original printed after an earlier print flags the
// loan; two originals at once from two devices are both recorded and the loan flagged, whichever lands first.

let w: LendingWorld;
let clerk: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  [clerk] = await counterClerks(w, w.admin, ['Clerk Printer']);
});
afterAll(async () => {
  await w.t.close();
});

const print = (fields: Record<string, unknown> = {}) => ({ print_uuid: randomUUID(), device_id: 'device-A', printed_at: new Date().toISOString(), as_reprint: false, ...fields });
const prints = (loanUuid: string) =>
  w.t.db.selectFrom('ticket_prints').innerJoin('loans', 'loans.id', 'ticket_prints.loan_id').select(['ticket_prints.user_id', 'ticket_prints.device_id', 'ticket_prints.as_reprint', 'ticket_prints.printed_at']).where('loans.uuid', '=', loanUuid).orderBy('ticket_prints.id').execute();

describe('POST /api/loans/{uuid}/prints', () => {
  it('records who printed, when and where; the loan counts the prints and keeps the first; a repeat records nothing more', async () => {
    const loan = await makeLoan(w);
    expect(loan).toMatchObject({ prints: 0, first_printed_at: null, print_conflict: false });
    const first = print({ printed_at: '2026-11-20T01:00:00.000Z' });
    const res = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/prints`, first);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ prints: 1, first_printed_at: '2026-11-20T01:00:00.000Z', print_conflict: false });
    expect(res.json().data.version).toBeGreaterThan(Number(loan.version));
    const again = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/prints`, first);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.prints).toBe(1);
    const reprint = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/prints`, print({ device_id: 'device-B', as_reprint: true }));
    expect(reprint.json().data).toMatchObject({ prints: 2, first_printed_at: '2026-11-20T01:00:00.000Z', print_conflict: false });
    expect(await prints(loan.uuid)).toEqual([
      { user_id: clerk.user.id, device_id: 'device-A', as_reprint: 0, printed_at: '2026-11-20T01:00:00.000Z' },
      { user_id: w.admin.user.id, device_id: 'device-B', as_reprint: 1, printed_at: expect.any(String) },
    ]);
    // The pull brings the loan with its prints to every device.
    const pulled = (await call(w.t, w.admin, 'GET', `/api/sync?since=c${loan.version}`)).json().data.loans.find((l: { uuid: string }) => l.uuid === loan.uuid);
    expect(pulled).toMatchObject({ prints: 2, print_conflict: false });
  });

  it('an original printed after an earlier print (two devices offline) flags the loan, also through the queue’s push', async () => {
    const loan = await makeLoan(w);
    expect((await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/prints`, print({ device_id: 'device-A' }))).json().data.print_conflict).toBe(false);
    const push = await call(w.t, w.admin, 'POST', '/api/sync/push', { mutations: [{ key: randomUUID(), operation: 'RECORD_TICKET_PRINT', uuid: loan.uuid, body: print({ device_id: 'device-B' }) }] });
    expect(push.statusCode).toBe(200);
    expect(push.json().results[0]).toMatchObject({ status: 201, body: { data: { prints: 2, print_conflict: true } } });
  });

  it('two originals at once from two devices: both recorded, the loan flagged', async () => {
    const loan = await makeLoan(w);
    const replies = await Promise.all([
      call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/prints`, print({ device_id: 'device-A' })),
      call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/prints`, print({ device_id: 'device-B' })),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
    const now = (await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}`)).json().data;
    expect(now).toMatchObject({ prints: 2, print_conflict: true });
    expect(replies.map((r) => r.json().data.print_conflict).sort()).toEqual([false, true]);
  });

  it('refuses bad input (422), a print uuid of another loan (422), another company (404), a viewer (403)', async () => {
    const loan = await makeLoan(w);
    const other = await makeLoan(w);
    for (const bad of [{ print_uuid: 'x' }, { device_id: '' }, { printed_at: 'yesterday' }, { as_reprint: 'no' }]) {
      expect((await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/prints`, print(bad))).statusCode).toBe(422);
    }
    const used = print();
    expect((await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/prints`, used)).statusCode).toBe(201);
    const taken = await call(w.t, clerk, 'POST', `/api/loans/${other.uuid}/prints`, used);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.print_uuid).toBeDefined();
    expect((await call(w.t, w.other, 'POST', `/api/loans/${loan.uuid}/prints`, print())).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', `/api/loans/${loan.uuid}/prints`, print())).statusCode).toBe(403);
    expect(await prints(loan.uuid)).toHaveLength(1);
  });
});
