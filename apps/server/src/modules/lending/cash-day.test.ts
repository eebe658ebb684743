import { randomUUID } from 'node:crypto';
import { addDays, CLOSED_DAY, DAY_ALREADY_CLOSED, DAY_ALREADY_OPEN, DAY_IN_FUTURE } from '@kalinga/contracts/lending/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser } from '../../../test/harness';
import { call, countRows, lendingWorld, type LendingWorld, loanBody, makeCustomer, makeLoan, TODAY, counterClerks } from '../../../test/lending/lending-helpers';

// The clerk's cash day (decision 0188) on SQLite and PostgreSQL: opened with a float, its position from the
// clerk's entries dated in it (reversals included), closed with the count and the difference; a closed day takes no
// new entry dated in it, from any route; open and close are exactly once.

let w: LendingWorld;
let clerk: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  [clerk] = await counterClerks(w, w.admin, ['Clerk Dela Cruz']);
});
afterAll(async () => {
  await w.t.close();
});

async function open(actor: Actor, fields: Record<string, unknown> = {}) {
  return call(w.t, actor, 'POST', '/api/cash-days', { uuid: randomUUID(), opening_float: 5000, ...fields });
}

describe('a cash day', () => {
  it("opens with a float, counts the clerk's own entries of the day, closes with the count and the difference", async () => {
    const opened = await open(clerk, { day: TODAY(), opening_float: '5,000.00' });
    expect(opened.statusCode, opened.body).toBe(201);
    const day = opened.json().data;
    expect(day).toMatchObject({ day: TODAY(), status: 'open', opening_float: 5000, user_id: clerk.user.id, position: { expected: 5000 } });
    // The clerk pays out two loans (each less its service charge) and redeems one the same day (a month's interest
    // at 3 %); the administrator's entries are not the clerk's drawer.
    const loan = await makeLoan(w, { loan_amount: 1000 }, clerk);
    const second = await makeLoan(w, { loan_amount: 1200 }, clerk);
    expect((await call(w.t, clerk, 'POST', `/api/loans/${second.uuid}/redeem`, {})).statusCode).toBe(200);
    await makeLoan(w, { loan_amount: 900 });
    // A mistaken payout reversed by the clerk goes back into the drawer.
    const tx = (await call(w.t, clerk, 'GET', `/api/transactions?loan_uuid=${loan.uuid}`)).json().data[0];
    expect((await call(w.t, clerk, 'POST', `/api/transactions/${tx.uuid}/reverse`, { uuid: randomUUID(), reason: 'Paid from the wrong drawer' })).statusCode).toBe(201);

    const now = (await call(w.t, clerk, 'GET', `/api/cash-days/${day.uuid}`)).json().data;
    const disbursed = Number(loan.amount_disbursed) + Number(second.amount_disbursed);
    expect(now.position).toMatchObject({ disbursed, redemptions: 1200, interest: 36, reversals: Number(loan.amount_disbursed) });
    const expected = 5000 - disbursed + 1200 + 36 + Number(loan.amount_disbursed);
    expect(now.position.expected).toBeCloseTo(expected, 2);

    const closed = await call(w.t, clerk, 'POST', `/api/cash-days/${day.uuid}/close`, { counted: expected - 20, note: 'Short by a twenty' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', counted: expected - 20, difference: -20, close_note: 'Short by a twenty' });
    expect((await call(w.t, clerk, 'GET', `/api/cash-days?day=${TODAY()}`)).json().data).toEqual([closed.json().data]);
  });

  it('a closed day takes no new entry dated in it: a new loan, a reversal, a redemption; nothing is written', async () => {
    const other = await makeLoan(w, { loan_amount: 800 });
    const rows = await countRows(w.t, 'transactions', w.admin.companyId);
    const customer = await makeCustomer(w.t, clerk);
    const res = await call(w.t, clerk, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CLOSED_DAY(TODAY()));
    const redeem = await call(w.t, clerk, 'POST', `/api/loans/${other.uuid}/redeem`, {});
    expect(redeem.statusCode).toBe(409);
    expect((await call(w.t, clerk, 'GET', `/api/loans/${other.uuid}`)).json().data.status).toBe('active');
    const tx = (await call(w.t, clerk, 'GET', `/api/transactions?loan_uuid=${other.uuid}`)).json().data[0];
    expect((await call(w.t, clerk, 'POST', `/api/transactions/${tx.uuid}/reverse`, { uuid: randomUUID(), reason: 'Too late today' })).statusCode).toBe(409);
    expect(await countRows(w.t, 'transactions', w.admin.companyId)).toBe(rows);
    // Another clerk's drawer, and another day of the same clerk, are not closed.
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${other.uuid}/redeem`, {})).statusCode).toBe(200);
    const yesterday = await call(w.t, clerk, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: addDays(TODAY(), -1) }));
    expect(yesterday.statusCode).toBe(201);
  });

  it('opens and closes once: a repeat answers the first result, a second open or close is refused', async () => {
    const body = { uuid: randomUUID(), day: addDays(TODAY(), -1), opening_float: 1000 };
    const first = await call(w.t, clerk, 'POST', '/api/cash-days', body);
    expect(first.statusCode).toBe(201);
    const again = await call(w.t, clerk, 'POST', '/api/cash-days', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.uuid).toBe(body.uuid);
    const other = await open(clerk, { day: body.day });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(DAY_ALREADY_OPEN(body.day));
    const key = { 'idempotency-key': randomUUID() };
    const close = await call(w.t, clerk, 'POST', `/api/cash-days/${body.uuid}/close`, { counted: 1000 }, key);
    expect(close.statusCode).toBe(200);
    const repeat = await call(w.t, clerk, 'POST', `/api/cash-days/${body.uuid}/close`, { counted: 1000 }, key);
    expect(repeat.json()).toEqual(close.json());
    const twice = await call(w.t, clerk, 'POST', `/api/cash-days/${body.uuid}/close`, { counted: 900 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(DAY_ALREADY_CLOSED);
  });

  it('a queued open and close sent again after a lost reply (same key, through the push) answer their first result', async () => {
    const teller = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['counter'] });
    const uuid = randomUUID();
    const push = async (m: { key: string; operation: string; uuid: string; body: Record<string, unknown> }) => {
      const res = await call(w.t, teller, 'POST', '/api/sync/push', { mutations: [m] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results[0] as { key: string; status: number; body: { data: { uuid: string; status: string; counted: number | null } } };
    };
    const openOp = { key: randomUUID(), operation: 'OPEN_CASH_DAY', uuid, body: { uuid, day: TODAY(), opening_float: 500 } };
    const opened = await push(openOp);
    expect(opened.status).toBe(201);
    expect(await push(openOp)).toEqual(opened);
    const closeOp = { key: randomUUID(), operation: 'CLOSE_CASH_DAY', uuid, body: { counted: 450 } };
    const closed = await push(closeOp);
    expect(closed).toMatchObject({ status: 200, body: { data: { uuid, status: 'closed', counted: 450 } } });
    expect(await push(closeOp)).toEqual(closed);
    // A close under another key is another request: refused, the first count kept.
    const again = await push({ ...closeOp, key: randomUUID(), body: { counted: 1 } });
    expect(again.status).toBe(409);
    expect((await call(w.t, teller, 'GET', `/api/cash-days/${uuid}`)).json().data.counted).toBe(450);
  });

  it('refuses bad input (422), hides another clerk and company (404), needs manage lending (403)', async () => {
    expect((await open(w.admin, { opening_float: -1 })).statusCode).toBe(422);
    expect((await open(w.admin, { day: addDays(TODAY(), 2) })).statusCode).toBe(422);
    // Tomorrow in the company's zone is refused too, though an action may be dated a day ahead (decision 0218).
    const tomorrow = await open(w.admin, { day: addDays(TODAY(), 1) });
    expect(tomorrow.statusCode).toBe(422);
    expect(tomorrow.json().errors).toEqual({ day: [DAY_IN_FUTURE] });
    expect((await open(w.admin, { day: addDays(TODAY(), -5) })).statusCode).toBe(422);
    expect((await open(w.admin, { uuid: 'nope' })).statusCode).toBe(422);
    expect((await open(w.viewer)).statusCode).toBe(403);
    const mine = (await open(w.admin, { day: TODAY() })).json().data;
    expect((await call(w.t, clerk, 'GET', `/api/cash-days/${mine.uuid}`)).statusCode).toBe(404);
    expect((await call(w.t, clerk, 'POST', `/api/cash-days/${mine.uuid}/close`, { counted: 1 })).statusCode).toBe(404);
    expect((await call(w.t, w.other, 'POST', `/api/cash-days/${mine.uuid}/close`, { counted: 1 })).statusCode).toBe(404);
    expect((await call(w.t, w.other, 'GET', `/api/cash-days/${mine.uuid}`)).statusCode).toBe(404);
    const othersList = await call(w.t, w.other, 'GET', `/api/cash-days?day=${TODAY()}`);
    expect(othersList.statusCode).toBe(200);
    expect(othersList.json().data).toEqual([]);
    expect((await call(w.t, w.admin, 'POST', `/api/cash-days/${mine.uuid}/close`, { counted: 'lots' })).statusCode).toBe(422);
    expect((await call(w.t, w.viewer, 'GET', `/api/cash-days?day=${TODAY()}`)).statusCode).toBe(403);
  });

  it('a close racing entries of the same clerk: each entry is either in the close or refused', async () => {
    const racer = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['counter'] });
    const day = (await open(racer, { day: TODAY(), opening_float: 0 })).json().data;
    const customer = await makeCustomer(w.t, racer);
    const loans = [0, 1, 2, 3].map(() => call(w.t, racer, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_amount: 1000 })));
    const [closed, ...made] = await Promise.all([call(w.t, racer, 'POST', `/api/cash-days/${day.uuid}/close`, { counted: 0 }), ...loans]);
    expect(closed.statusCode).toBe(200);
    const written = made.filter((r) => r.statusCode === 201);
    expect(made.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    const payouts = written.reduce((sum, r) => sum + Number(r.json().data.amount_disbursed), 0);
    expect(closed.json().data.position.disbursed).toBeCloseTo(payouts, 2);
  });
});
