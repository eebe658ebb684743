import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, countRows, daysAgo, lendingWorld, type LendingWorld, makeLoan, TODAY, markNotified, NO_NOTICE } from '../../../test/lending/lending-helpers';
import { addDays } from '@kalinga/contracts/lending/rules';

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

const counts = () => Promise.all((['loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, w.admin.companyId)));
const txOf = (reply: { transactions: { type: string; amount: number; loan_uuid: string }[] }) =>
  reply.transactions.map((t) => [t.type, t.amount, t.loan_uuid]);

describe('POST /api/loans/{uuid}/redeem', () => {
  it('pays principal, interest per month started and penalty after maturity; loan and items redeemed', async () => {
    // Jan 10 to the Feb 10 maturity: one month at 3 % (30.00). Then two months started after maturity, at 3 % interest
    // and 2 % penalty on principal plus that interest (1,030.00): 61.80 and 41.20 (decision 0181).
    const loan = await makeLoan(w, { loan_date: '2026-01-10' });
    const res = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: '2026-03-15' });
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply.data).toMatchObject({ status: 'redeemed', redemption_date: '2026-03-15', paid_interest_amount: 91.8, paid_penalty_amount: 41.2 });
    expect(reply.data.items.map((i: { status: string }) => i.status)).toEqual(['redeemed']);
    expect(reply.new_loan).toBeNull();
    expect(txOf(reply)).toEqual([
      ['disbursement', 995, loan.uuid],
      ['redemption', 1000, loan.uuid],
      ['interest', 91.8, loan.uuid],
      ['penalty', 41.2, loan.uuid],
    ]);
  });

  it('defaults to today; a second redeem is 409 and writes nothing', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(2) });
    const first = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {});
    expect(first.json().data).toMatchObject({ status: 'redeemed', redemption_date: TODAY(), paid_interest_amount: 30, paid_penalty_amount: 0 });
    const before = await counts();
    const again = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This loan is redeemed, not active.');
    expect(await counts()).toEqual(before);
  });

  it('the same redeem sent six times at once applies once', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(5) });
    const before = await counts();
    const replies = await Promise.all(Array.from({ length: 6 }, () => call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {})));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await counts()).toEqual([before[0], before[1], before[2] + 2]);
  });

  it('refuses dates in the future or before the loan date (422)', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(10) });
    const future = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: addDays(TODAY(), 2) });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.redemption_date).toEqual(['The redemption date may not be in the future.']);
    const early = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: daysAgo(11) });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.redemption_date).toEqual(['The date may not be before the loan date.']);
    const bad = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: '2026-13-01' });
    expect(bad.statusCode).toBe(422);
    // A client a day ahead of the company's zone is accepted.
    const ahead = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: addDays(TODAY(), 1) });
    expect(ahead.statusCode).toBe(200);
  });

  it("another company's loan is 404; unknown 404; junk uuid 422; viewer 403", async () => {
    const loan = await makeLoan(w);
    expect((await call(w.t, w.other, 'POST', `/api/loans/${loan.uuid}/redeem`, {})).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${randomUUID()}/redeem`, {})).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'POST', '/api/loans/1%00/redeem', {})).statusCode).toBe(422);
    expect((await call(w.t, w.viewer, 'POST', `/api/loans/${loan.uuid}/redeem`, {})).statusCode).toBe(403);
    expect((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}`)).json().data.status).toBe('active');
  });
});

describe('POST /api/loans/{uuid}/renew', () => {
  it('pays interest due, marks the loan renewed and writes a new ticket that takes the items', async () => {
    const loan = await makeLoan(w, { loan_date: '2026-01-10' });
    const newUuid = randomUUID();
    const res = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: newUuid, renewal_date: '2026-02-05' });
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply.data).toMatchObject({ status: 'renewed', renewal_date: '2026-02-05', new_loan: newUuid, paid_interest_amount: 30, paid_penalty_amount: 0, items: [] });
    expect(reply.new_loan).toMatchObject({
      uuid: newUuid,
      status: 'active',
      renewed_from: loan.uuid,
      loan_date: '2026-02-05',
      maturity_date: '2026-03-05',
      expiry_date: '2026-04-04',
      loan_amount: 1000,
      appraisal_value: 1500,
      service_charge: 5,
      amount_disbursed: 0,
      pawn_ticket_number: expect.stringMatching(/^PT-2026-\d{6}$/),
    });
    expect(reply.new_loan.pawn_ticket_number).not.toBe(loan.pawn_ticket_number);
    expect(reply.new_loan.items).toEqual([expect.objectContaining({ uuid: loan.items[0].uuid, status: 'pawned', loan_uuid: newUuid })]);
    expect(txOf(reply)).toEqual([
      ['disbursement', 995, loan.uuid],
      ['interest', 30, loan.uuid],
      ['renewal', 5, newUuid],
    ]);
  });

  it('the same renewal again (same new_uuid) returns the first result and writes nothing; another new_uuid is 409', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(3) });
    const body = { new_uuid: randomUUID() };
    const first = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, body);
    expect(first.statusCode).toBe(200);
    const before = await counts();
    const again = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
    const twice = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: randomUUID() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This loan is renewed, not active.');
    expect(await counts()).toEqual(before);
  });

  it('two different renewals at once: one wins, the other is 409', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(3) });
    const before = await counts();
    const replies = await Promise.all(Array.from({ length: 4 }, () => call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: randomUUID() })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    // One new loan, its interest and renewal charge.
    expect(await counts()).toEqual([before[0] + 1, before[1], before[2] + 2]);
  });

  it('refuses an expired loan, a category that is not renewable, and a taken new_uuid', async () => {
    const expired = await makeLoan(w, { loan_date: daysAgo(120) });
    const r1 = await call(w.t, w.admin, 'POST', `/api/loans/${expired.uuid}/renew`, { new_uuid: randomUUID() });
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toBe('This loan expired and can no longer be renewed; it can only be redeemed or forfeited.');
    const fixed = await makeLoan(w, { category_id: w.fixed.id });
    const r2 = await call(w.t, w.admin, 'POST', `/api/loans/${fixed.uuid}/renew`, { new_uuid: randomUUID() });
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toBe("This loan's category is not renewable.");
    const active = await makeLoan(w);
    const r3 = await call(w.t, w.admin, 'POST', `/api/loans/${active.uuid}/renew`, { new_uuid: fixed.uuid });
    expect(r3.statusCode).toBe(422);
    expect(r3.json().errors.new_uuid).toEqual(['This uuid cannot be used; make a new one.']);
    const r4 = await call(w.t, w.admin, 'POST', `/api/loans/${active.uuid}/renew`, {});
    expect(r4.statusCode).toBe(422);
    expect(r4.json().errors.new_uuid).toBeDefined();
    expect((await call(w.t, w.other, 'POST', `/api/loans/${active.uuid}/renew`, { new_uuid: randomUUID() })).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', `/api/loans/${active.uuid}/renew`, { new_uuid: randomUUID() })).statusCode).toBe(403);
  });
});

describe('POST /api/loans/{uuid}/forfeit', () => {
  it('forfeits an active loan past expiry with its items; no money moves', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(120) });
    await markNotified(w, loan.uuid);
    const res = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'forfeited', forfeiture_date: TODAY(), items: [expect.objectContaining({ status: 'forfeited' })] });
    expect(txOf(res.json())).toEqual([['disbursement', 995, loan.uuid]]);
    const again = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, {});
    expect(again.statusCode).toBe(409);
    const redeem = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {});
    expect(redeem.statusCode).toBe(409);
    expect(redeem.json().message).toBe('This loan is forfeited, not active.');
  });

  it('refuses a loan not yet expired (409), a future date (422), another company (404), a viewer (403)', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(5) });
    const early = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`This loan is in its redemption period until ${loan.expiry_date}; it can be forfeited only after that date.`);
    const future = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, { forfeiture_date: addDays(TODAY(), 90) });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.forfeiture_date).toEqual(['The forfeiture date may not be in the future.']);
    expect((await call(w.t, w.other, 'POST', `/api/loans/${loan.uuid}/forfeit`, {})).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', `/api/loans/${loan.uuid}/forfeit`, {})).statusCode).toBe(403);
  });

  it('forfeit and redeem racing on one expired loan: exactly one applies', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(120) });
    const replies = await Promise.all([
      call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, NO_NOTICE),
      call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}),
      call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, NO_NOTICE),
      call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, {}),
    ]);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });
});
