import { randomUUID } from 'node:crypto';
import { addDays, FORFEIT_NEEDS_NOTICE, FORFEIT_REASON_NEEDED } from '@kalinga/contracts/lending/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../test/harness';
import { call, counterClerks, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCategory, makeCustomer, makeLoan, NO_NOTICE, TODAY } from '../../../test/lending/lending-helpers';

// A ticket is forfeited only after its pawner was sent the notice before the redemption period ended, or by a
// manager with a reason the auction list shows (decision 0217). On SQLite and PostgreSQL; the race of a notice and a
// forfeiture overlaps for real on PostgreSQL.

let w: LendingWorld;
let clerk: Actor;
/** 30 days to maturity, then the 30-day floor of a fast-depreciating category: expiry = loan date + 60. */
let days30: { id: number };

beforeAll(async () => {
  w = await lendingWorld();
  [clerk] = await counterClerks(w, w.admin, ['Clerk Forfeit']);
  days30 = await makeCategory(w.t, w.admin, { title: 'Phones', interest_rate: 3, penalty_rate: 2, loan_period: 30, loan_period_type: 'day', loan_period_expiry: 30, fast_depreciating: true });
});
afterAll(async () => {
  await w.t.close();
});

/** A ticket whose redemption period ends today: a notice may still be sent, a forfeiture dated tomorrow follows it. */
async function endingToday() {
  const c = await makeCustomer(w.t, w.admin, { last_name: `Forfeit ${randomUUID().slice(0, 8)}` });
  const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(c.uuid, days30.id, { loan_date: daysAgo(60), loan_amount: 1000 }));
  expect(res.statusCode).toBe(201);
  expect(res.json().data.expiry_date).toBe(TODAY());
  return res.json().data as { uuid: string };
}
const status = async (uuid: string) => (await call(w.t, w.admin, 'GET', `/api/loans/${uuid}`)).json().data;

describe('forfeiting a ticket whose redemption period ended', () => {
  it('after a sent notice: any clerk may forfeit; the loan says when the notice went out', async () => {
    const loan = await endingToday();
    expect((await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/notice`)).statusCode).toBe(201);
    const notified = await status(loan.uuid);
    expect(notified.notice_sent_at).toEqual(expect.any(String));
    const res = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/forfeit`, { forfeiture_date: addDays(TODAY(), 1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'forfeited', forfeit_reason: null });
  });

  it('without a notice: a clerk is refused (409, nothing written), a manager needs a reason, and the auction list shows it', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(120) });
    const refused = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/forfeit`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FORFEIT_NEEDS_NOTICE);
    // A reason does not make a clerk a manager.
    expect((await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/forfeit`, NO_NOTICE)).json().message).toBe(FORFEIT_NEEDS_NOTICE);
    const noReason = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, { no_notice_reason: '  ' });
    expect(noReason.statusCode).toBe(409);
    expect(noReason.json().message).toBe(FORFEIT_REASON_NEEDED);
    expect((await status(loan.uuid)).status).toBe('active');

    const res = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, NO_NOTICE);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'forfeited', forfeit_reason: NO_NOTICE.no_notice_reason, notice_sent_at: null });
    const list = (await call(w.t, w.viewer, 'GET', '/api/auction-list?per_page=100')).json().data;
    const entry = list.find((r: { loan_uuid: string }) => r.loan_uuid === loan.uuid);
    expect(entry).toMatchObject({ notice: null, forfeit_override: { reason: NO_NOTICE.no_notice_reason, by: w.admin.user.name } });
  });

  it('the same refusal through the queue (/api/sync/push); bad input 422, another company 404, a viewer 403', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(120) });
    const push = await call(w.t, clerk, 'POST', '/api/sync/push', { mutations: [{ key: randomUUID(), operation: 'FORFEIT_LOAN', uuid: loan.uuid, body: {} }] });
    expect(push.statusCode).toBe(200);
    expect(push.json().results[0]).toMatchObject({ status: 409, body: { message: FORFEIT_NEEDS_NOTICE } });
    const long = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, { no_notice_reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.no_notice_reason).toEqual([FORFEIT_REASON_NEEDED]);
    expect((await call(w.t, w.other, 'POST', `/api/loans/${loan.uuid}/forfeit`, NO_NOTICE)).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', `/api/loans/${loan.uuid}/forfeit`, NO_NOTICE)).statusCode).toBe(403);
    expect((await status(loan.uuid)).status).toBe('active');
  });

  it('a notice and a forfeiture at once: the forfeiture applies only when the notice was recorded before it', async () => {
    const loans = await Promise.all(Array.from({ length: 4 }, () => endingToday()));
    const replies = await Promise.all(
      loans.map(async (loan) => {
        const [notice, forfeit] = await Promise.all([
          call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/notice`),
          call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/forfeit`, { forfeiture_date: addDays(TODAY(), 1) }),
        ]);
        return { loan: await status(loan.uuid), notice: notice.statusCode, forfeit: forfeit.statusCode, message: forfeit.json().message as string | undefined };
      }),
    );
    for (const r of replies) {
      // The notice always lands (the ticket is active until a forfeiture that needs it).
      expect(r.notice).toBe(201);
      expect(r.loan.notice_sent_at).toEqual(expect.any(String));
      if (r.forfeit === 200) expect(r.loan.status).toBe('forfeited');
      else {
        expect(r.forfeit).toBe(409);
        expect(r.message).toBe(FORFEIT_NEEDS_NOTICE);
        expect(r.loan.status).toBe('active');
      }
    }
  });
});
