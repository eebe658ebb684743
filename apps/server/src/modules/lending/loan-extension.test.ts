import { randomUUID } from 'node:crypto';
import { EXTEND_AFTER_EXPIRY, EXTENDED_MEANWHILE, NOT_EXTENDABLE } from '@kalinga/contracts/lending/extension';
import { addDays, addMonths, CLOSED_DAY } from '@kalinga/contracts/lending/rules';
import { syncPushReplySchema } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser } from '../../../test/harness';
import { call, countRows, daysAgo, lendingWorld, type LendingWorld, makeCategory, makeCustomer, makeLoan, TODAY, counterClerks } from '../../../test/lending/lending-helpers';

// POST /api/loans/{uuid}/extend (decision 0189) on SQLite and PostgreSQL: paying the interest due extends
// the loan by one term on the same ticket, as its own register entries; exactly once; refused where the rules say.

let w: LendingWorld;
let clerk: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  [clerk] = await counterClerks(w, w.admin, ['Clerk Santos']);
});
afterAll(async () => {
  await w.t.close();
});

type Tx = { type: string; amount: number; action: string | null; entry_date: string; loan_uuid: string };
const extend = (loan: { uuid: string; [k: string]: unknown }, fields: Record<string, unknown> = {}, actor: Actor = w.admin, headers: Record<string, string> = {}) =>
  call(w.t, actor, 'POST', `/api/loans/${loan.uuid}/extend`, { from_maturity_date: loan.maturity_date, ...fields }, headers);
const counts = () => Promise.all((['loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, w.admin.companyId)));
const loanNow = async (uuid: string) => (await call(w.t, w.admin, 'GET', `/api/loans/${uuid}`)).json().data;

describe('POST /api/loans/{uuid}/extend', () => {
  it('after maturity: pays interest to maturity, then interest and penalty of the month started; one term more from the old maturity', async () => {
    // PHP 1,000 at 3 % from Jan 10: 30.00 to the Feb 10 maturity; on Feb 20 one month started after it, at 3 % interest
    // and 2 % penalty on 1,030.00 (30.90 and 20.60). The term is a month: Mar 10; 30 days to redeem after it.
    const loan = await makeLoan(w, { loan_date: '2026-01-10' });
    const res = await extend(loan, { extension_date: '2026-02-20' });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply.data).toMatchObject({
      uuid: loan.uuid,
      pawn_ticket_number: loan.pawn_ticket_number,
      status: 'active',
      loan_date: '2026-01-10',
      maturity_date: '2026-03-10',
      expiry_date: '2026-04-09',
      interest_from: '2026-03-10',
      extensions: 1,
      paid_interest_amount: 60.9,
      paid_penalty_amount: 20.6,
    });
    expect(reply.new_loan).toBeNull();
    expect(reply.transactions.map((t: Tx) => [t.type, t.amount, t.action, t.entry_date])).toEqual([
      ['disbursement', 995, null, '2026-01-10'],
      ['interest', 60.9, 'extension', '2026-02-20'],
      ['penalty', 20.6, 'extension', '2026-02-20'],
    ]);
    // Paid to the new maturity: redeeming the next day takes the principal only.
    const redeemed = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: '2026-02-21' });
    expect(redeemed.json().data).toMatchObject({ status: 'redeemed', paid_interest_amount: 60.9, paid_penalty_amount: 20.6 });
  });

  it('before maturity: the whole term, no penalty; counted in the clerk’s cash day as interest received', async () => {
    const day = await call(w.t, clerk, 'POST', '/api/cash-days', { uuid: randomUUID(), opening_float: 2000 });
    expect(day.statusCode).toBe(201);
    const loan = await makeLoan(w, { loan_amount: 1000 }, clerk);
    const res = await extend(loan, {}, clerk);
    expect(res.statusCode, res.body).toBe(200);
    const maturity = String(loan.maturity_date);
    expect(res.json().data).toMatchObject({ maturity_date: addMonths(maturity, 1), expiry_date: addDays(addMonths(maturity, 1), 30), extensions: 1, interest_from: maturity, paid_interest_amount: 30 });
    const position = (await call(w.t, clerk, 'GET', `/api/cash-days/${day.json().data.uuid}`)).json().data.position;
    expect(position).toMatchObject({ interest: 30, penalties: 0, renewals: 0, disbursed: 995 });
    expect(position.expected).toBeCloseTo(2000 - 995 + 30, 2);
    // The extension's date may be left out (today), and shows in the loan's transactions.
    const list = (await call(w.t, clerk, 'GET', `/api/transactions?loan_uuid=${loan.uuid}`)).json().data as Tx[];
    expect(list.filter((t) => t.action === 'extension').map((t) => [t.type, t.amount, t.entry_date])).toEqual([['interest', 30, TODAY()]]);
  });

  it('the same key sent again answers the first result and extends once; the same extension under another key is 409', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(3) });
    const key = { 'idempotency-key': randomUUID() };
    const first = await extend(loan, {}, w.admin, key);
    expect(first.statusCode).toBe(200);
    const before = await counts();
    const again = await extend(loan, {}, w.admin, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await extend(loan, {}, w.admin, { 'idempotency-key': randomUUID() });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(EXTENDED_MEANWHILE(first.json().data.maturity_date));
    expect(await counts()).toEqual(before);
    expect((await loanNow(loan.uuid)).extensions).toBe(1);
  });

  it('six different extensions from the same maturity at once: one wins, the others are 409 and write nothing', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(5) });
    const before = await counts();
    const replies = await Promise.all(Array.from({ length: 6 }, () => extend(loan, {}, w.admin, { 'idempotency-key': randomUUID() })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await counts()).toEqual([before[0], before[1], before[2] + 1]);
    const now = await loanNow(loan.uuid);
    expect(now).toMatchObject({ extensions: 1, paid_interest_amount: 30 });
    // From the new maturity, the next extension is another one.
    expect((await extend(now)).statusCode).toBe(200);
    expect((await loanNow(loan.uuid)).extensions).toBe(2);
  });

  it('a closed cash day refuses it (409) and nothing changes', async () => {
    const teller = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['counter'] });
    const loan = await makeLoan(w, { loan_date: daysAgo(1) });
    const day = (await call(w.t, teller, 'POST', '/api/cash-days', { uuid: randomUUID(), opening_float: 0 })).json().data;
    expect((await call(w.t, teller, 'POST', `/api/cash-days/${day.uuid}/close`, { counted: 0 })).statusCode).toBe(200);
    const before = await counts();
    const res = await extend(loan, {}, teller);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CLOSED_DAY(TODAY()));
    expect(await counts()).toEqual(before);
    expect(await loanNow(loan.uuid)).toMatchObject({ maturity_date: loan.maturity_date, extensions: 0, interest_from: null });
    // Yesterday is not closed for the teller.
    expect((await extend(loan, { extension_date: daysAgo(1) }, teller)).statusCode).toBe(200);
  });

  it('refused (409) where the category does not allow it, after the redemption period, and on a loan not active', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const closed = await makeCategory(w.t, w.admin, { title: 'Appliances', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', is_extendable: false });
    const make = async (categoryId: number, fields: Record<string, unknown> = {}) => {
      const res = await call(w.t, w.admin, 'POST', '/api/loans', { uuid: randomUUID(), customer_uuid: customer.uuid, category_id: categoryId, loan_date: TODAY(), loan_amount: 500, items: [{ uuid: randomUUID(), description: 'Rice cooker', appraisal_value: 900 }], ...fields });
      expect(res.statusCode).toBe(201);
      return res.json().data;
    };
    const before = await counts();
    for (const loan of [await make(closed.id), await make(w.fixed.id)]) {
      const res = await extend(loan);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(NOT_EXTENDABLE);
    }
    // The setting changes with the category's terms (and is kept in their history): allowed, it extends.
    const allowed = await call(w.t, w.admin, 'PUT', `/api/categories/${closed.uuid}`, { is_extendable: true });
    expect(allowed.json().data.is_extendable).toBe(true);
    const history = await w.t.db.selectFrom('category_terms_history').select('is_extendable').where('category_id', '=', closed.id).orderBy('version').execute();
    expect(history.map((h) => Number(h.is_extendable))).toEqual([0, 1]);
    const late = await make(w.category.id, { loan_date: daysAgo(70) });
    const expired = await extend(late);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(EXTEND_AFTER_EXPIRY);
    const redeemed = await make(w.category.id);
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${redeemed.uuid}/redeem`, {})).statusCode).toBe(200);
    const after = await counts();
    const notActive = await extend(redeemed);
    expect(notActive.statusCode).toBe(409);
    expect(notActive.json().message).toBe('This loan is redeemed, not active.');
    expect(await counts()).toEqual(after);
    expect(after[2] - before[2]).toBe(6); // four disbursements, a redemption and its interest: no extension entry
  });

  it('bad input is 422: no maturity, not a date, not the loan’s maturity, a future date, junk uuid', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(2) });
    const before = await counts();
    const none = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/extend`, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.from_maturity_date).toBeDefined();
    expect((await extend(loan, { from_maturity_date: '2026-02-30' })).statusCode).toBe(422);
    const wrong = await extend(loan, { from_maturity_date: addDays(String(loan.maturity_date), 1) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.from_maturity_date).toEqual([`The maturity date to extend from must be this loan's (${loan.maturity_date}).`]);
    const future = await extend(loan, { extension_date: addDays(TODAY(), 2) });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.extension_date).toEqual(['The extension date may not be in the future.']);
    expect((await call(w.t, w.admin, 'POST', '/api/loans/1%00/extend', { from_maturity_date: loan.maturity_date })).statusCode).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it("another company's loan is 404, unknown 404; a user without manage lending 403; nothing changes", async () => {
    const loan = await makeLoan(w);
    expect((await extend(loan, {}, w.other)).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${randomUUID()}/extend`, { from_maturity_date: loan.maturity_date })).statusCode).toBe(404);
    expect((await extend(loan, {}, w.viewer)).statusCode).toBe(403);
    expect(await loanNow(loan.uuid)).toMatchObject({ extensions: 0, maturity_date: loan.maturity_date });
  });

  it('POST /api/sync/push takes EXTEND_LOAN as the route does; the same key sent again replays', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(4) });
    const mutation = { key: randomUUID(), operation: 'EXTEND_LOAN', uuid: loan.uuid, body: { from_maturity_date: loan.maturity_date, extension_date: daysAgo(1) } };
    const push = async () => syncPushReplySchema.parse((await call(w.t, w.admin, 'POST', '/api/sync/push', { mutations: [mutation] })).json()).results[0];
    const first = await push();
    expect(first.status).toBe(200);
    const before = await counts();
    expect(await push()).toEqual(first);
    const single = await extend(loan, mutation.body, w.admin, { 'idempotency-key': mutation.key });
    expect(single.json()).toEqual(first.body);
    expect(await counts()).toEqual(before);
    expect((await loanNow(loan.uuid)).extensions).toBe(1);
  });
});
