import { randomUUID } from 'node:crypto';
import { addDays, addMonths } from '@kalinga/contracts/lending/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/harness';
import { call, countRows, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer, makeLoan, TODAY } from '../../../test/lending/lending-helpers';

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('POST /api/loans', () => {
  it('writes a ticket: server-made number, dates and charges from the category, items and the disbursement', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const loanDate = daysAgo(3);
    const body = loanBody(customer.uuid, w.category.id, {
      loan_date: loanDate,
      loan_amount: 1000,
      notes: 'Ring with a small scratch',
      maturity_date: '2000-01-01', // a client's preview: ignored
      items: [
        { uuid: randomUUID(), description: 'Gold ring', appraisal_value: 1200.5 },
        { uuid: randomUUID(), description: 'Gold chain', appraisal_value: '300.25', market_value: 500, category_uuid: w.fixed.uuid },
      ],
    });
    const res = await call(w.t, w.admin, 'POST', '/api/loans', body);
    expect(res.statusCode).toBe(201);
    const loan = res.json().data;
    expect(loan).toMatchObject({
      uuid: body.uuid,
      pawn_ticket_number: expect.stringMatching(/^PT-\d{4}-\d{6}$/),
      customer_uuid: customer.uuid,
      category_id: w.category.id,
      category_uuid: w.category.uuid,
      status: 'active',
      loan_date: loanDate,
      maturity_date: addMonths(loanDate, 1),
      expiry_date: addDays(addMonths(loanDate, 1), 30),
      appraisal_value: 1500.75,
      loan_amount: 1000,
      service_charge: 5,
      interest_rate: 3,
      penalty_rate: 2,
      amount_disbursed: 995,
      paid_interest_amount: 0,
      paid_penalty_amount: 0,
      notes: 'Ring with a small scratch',
      new_loan: null,
      renewed_from: null,
    });
    expect(loan.pawn_ticket_number.slice(3, 7)).toBe(loanDate.slice(0, 4));
    expect(loan.items).toHaveLength(2);
    expect(loan.items[0]).toMatchObject({ description: 'Gold ring', status: 'pawned', appraisal_value: 1200.5, category_id: w.category.id, loan_uuid: body.uuid });
    expect(loan.items[1]).toMatchObject({ appraisal_value: 300.25, market_value: 500, category_id: w.fixed.id, customer_uuid: customer.uuid });
    const tx = await call(w.t, w.viewer, 'GET', `/api/transactions?loan_uuid=${body.uuid}`);
    expect(tx.json().data).toEqual([expect.objectContaining({ type: 'disbursement', amount: 995, loan_uuid: body.uuid, item_uuid: null, created_by: w.admin.user.id })]);
  });

  it('numbers tickets one after another per company', async () => {
    const a = await makeLoan(w);
    const b = await makeLoan(w);
    const n = (t: string) => Number(t.slice(-6));
    expect(n(b.pawn_ticket_number)).toBe(n(a.pawn_ticket_number) + 1);
    const fresh = await makeLoan(w, {}, w.other);
    expect(fresh.pawn_ticket_number).toBe(`PT-${TODAY().slice(0, 4)}-000001`);
  });

  it('accepts the category by uuid, and small amounts keep exact centavos', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, 0, { category_id: undefined, category_uuid: w.category.uuid, loan_amount: 0.1, items: [{ uuid: randomUUID(), description: 'Pin', appraisal_value: 0.3 }] }));
    expect(res.statusCode).toBe(201);
    // 1 % of PHP 0.10 is a tenth of a centavo: rounds to 0.
    expect(res.json().data).toMatchObject({ loan_amount: 0.1, service_charge: 0, amount_disbursed: 0.1, appraisal_value: 0.3 });
  });

  it('refuses bad input with field messages', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ items: [] }, 'items', 'At least one item is required.'],
      [{ loan_amount: 0 }, 'loan_amount', 'The loan amount must be greater than zero.'],
      [{ loan_amount: 10.001 }, 'loan_amount', 'The loan amount may have at most two decimals.'],
      [{ loan_amount: 2000 }, 'loan_amount', 'The loan amount may not be greater than the appraised value of the items.'],
      [{ loan_date: addDays(TODAY(), 2) }, 'loan_date', 'The loan date may not be in the future.'],
      [{ loan_date: '2026-02-30' }, 'loan_date', 'Use a real calendar date (YYYY-MM-DD).'],
      [{ customer_uuid: randomUUID() }, 'customer_uuid', 'The selected customer does not exist.'],
      [{ category_id: 999999 }, 'category_id', 'The selected category does not exist.'],
      [{ category_id: undefined }, 'category_id', 'The category field is required.'],
      [{ uuid: 'x' }, 'uuid', 'The uuid must be a valid UUID.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(fields)).toEqual([message]);
    }
    const twice = randomUUID();
    const dup = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, {
      items: [{ uuid: twice, description: 'a', appraisal_value: 1000 }, { uuid: twice, description: 'b', appraisal_value: 1000 }],
    }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors['items.1.uuid']).toEqual(['The item uuid appears more than once.']);
    const negative = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_amount: -5 }));
    expect(negative.json().errors.loan_amount).toContain('The loan amount may not be negative.');
  });

  it('says its field refusals in Filipino to a Filipino request (decision 0382)', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const fil = { 'accept-language': 'fil' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ loan_date: '2026-02-30' }, 'loan_date', 'Gumamit ng totoong petsa (YYYY-MM-DD).'],
      [{ customer_uuid: randomUUID() }, 'customer_uuid', 'Hindi makita ang napiling customer.'],
      [{ category_id: 999999 }, 'category_id', 'Hindi makita ang napiling kategorya.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, fields), fil);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(fields)).toEqual([message]);
    }
    const twice = randomUUID();
    const items = [{ uuid: twice, description: 'a', appraisal_value: 1000 }, { uuid: twice, description: 'b', appraisal_value: 1000 }];
    const dup = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { items }), fil);
    expect(dup.json().errors['items.1.uuid']).toEqual(['Higit sa isang beses lumabas ang uuid ng gamit.']);
  });

  it("another company's customer, category or item uuid cannot be used", async () => {
    const theirs = await makeCustomer(w.t, w.other);
    const mine = await makeCustomer(w.t, w.admin);
    const r1 = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(theirs.uuid, w.category.id));
    expect(r1.json().errors.customer_uuid).toEqual(['The selected customer does not exist.']);
    const r2 = await call(w.t, w.other, 'POST', '/api/loans', loanBody(theirs.uuid, w.category.id));
    expect(r2.json().errors.category_id).toEqual(['The selected category does not exist.']);
    const existing = await makeLoan(w);
    const r3 = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(mine.uuid, w.category.id, { items: [{ uuid: existing.items[0].uuid, description: 'x', appraisal_value: 5000 }] }));
    expect(r3.statusCode).toBe(422);
    expect(r3.json().errors['items.0.uuid']).toEqual(['This uuid cannot be used; make a new one.']);
    const r4 = await call(w.t, w.other, 'POST', '/api/loans', loanBody(theirs.uuid, w.otherCategory.id, { uuid: existing.uuid }));
    expect(r4.statusCode).toBe(422);
    expect(r4.json()).toEqual({ message: 'This uuid cannot be used; make a new one.', errors: { uuid: ['This uuid cannot be used; make a new one.'] } });
  });

  it("needs 'manage lending'", async () => {
    const customer = await makeCustomer(w.t, w.admin);
    expect((await call(w.t, w.viewer, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id))).statusCode).toBe(403);
  });

  it('a repeat of the same uuid returns the first loan (200), no second ticket, items or disbursement', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const body = loanBody(customer.uuid, w.category.id);
    const first = await call(w.t, w.admin, 'POST', '/api/loans', body);
    const counts = await Promise.all((['loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, w.admin.companyId)));
    const again = await call(w.t, w.admin, 'POST', '/api/loans', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await Promise.all((['loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, w.admin.companyId)))).toEqual(counts);
  });

  it('the same create sent eight times at once writes one loan, one ticket number', async () => {
    const customer = await makeCustomer(w.t, w.admin);
    const body = loanBody(customer.uuid, w.category.id);
    const counts = await Promise.all((['loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, w.admin.companyId)));
    const replies = await Promise.all(Array.from({ length: 8 }, () => call(w.t, w.admin, 'POST', '/api/loans', body)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(replies.map((r) => r.json().data.pawn_ticket_number)).size).toBe(1);
    const after = await Promise.all((['loans', 'items', 'transactions'] as const).map((t) => countRows(w.t, t, w.admin.companyId)));
    expect(after).toEqual([counts[0] + 1, counts[1] + 1, counts[2] + 1]);
  });
});

describe('PUT /api/loans/{uuid}', () => {
  it('changes the remarks only', async () => {
    const loan = await makeLoan(w);
    const res = await call(w.t, w.admin, 'PUT', `/api/loans/${loan.uuid}`, { notes: 'Customer will return Friday', loan_amount: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ notes: 'Customer will return Friday', loan_amount: 1000, items: [expect.objectContaining({ uuid: loan.items[0].uuid })] });
  });

  it("404 for another company's loan or an unknown one; 422 for long notes; 403 without the permission", async () => {
    const loan = await makeLoan(w);
    expect((await call(w.t, w.other, 'PUT', `/api/loans/${loan.uuid}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'PUT', `/api/loans/${randomUUID()}`, { notes: 'x' })).statusCode).toBe(404);
    const long = await call(w.t, w.admin, 'PUT', `/api/loans/${loan.uuid}`, { notes: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.notes).toBeDefined();
    expect((await call(w.t, w.viewer, 'PUT', `/api/loans/${loan.uuid}`, { notes: 'x' })).statusCode).toBe(403);
  });
});

describe('GET /api/loans', () => {
  it('filters by status, maturing (default 7 days), expired, customer and search; other companies unseen', async () => {
    const w2 = await lendingWorld();
    try {
      const ana = await makeCustomer(w2.t, w2.admin, { first_name: 'Ana', last_name: 'Reyes' });
      const ben = await makeCustomer(w2.t, w2.admin, { first_name: 'Ben', last_name: 'Tan' });
      const post = async (customer: string, loanDate: string) => {
        const res = await call(w2.t, w2.admin, 'POST', '/api/loans', loanBody(customer, w2.category.id, { loan_date: loanDate }));
        expect(res.statusCode).toBe(201);
        return res.json().data as { uuid: string; pawn_ticket_number: string; maturity_date: string };
      };
      // Matures in a month (not maturing within 7 days), in ~3 days, and expired long ago.
      const fresh = await post(ana.uuid, TODAY());
      const soon = await post(ben.uuid, addDays(addMonths(TODAY(), -1), 3));
      const old = await post(ana.uuid, daysAgo(120));
      const redeemed = await post(ben.uuid, daysAgo(1));
      expect((await call(w2.t, w2.admin, 'POST', `/api/loans/${redeemed.uuid}/redeem`, {})).statusCode).toBe(200);
      await makeLoan(w2, {}, w2.other);

      const uuids = async (query: string) => {
        const res = await call(w2.t, w2.viewer, 'GET', `/api/loans${query}`);
        expect(res.statusCode, query).toBe(200);
        return res.json().data.map((l: { uuid: string }) => l.uuid);
      };
      expect(await uuids('')).toEqual([fresh.uuid, redeemed.uuid, soon.uuid, old.uuid]);
      expect(await uuids('?status=active')).toEqual([fresh.uuid, soon.uuid, old.uuid]);
      expect(await uuids('?status=redeemed')).toEqual([redeemed.uuid]);
      expect(await uuids('?status=maturing')).toEqual([soon.uuid]);
      expect(await uuids('?status=maturing&maturing_within_days=40')).toEqual([soon.uuid, fresh.uuid]);
      expect(await uuids('?status=expired')).toEqual([old.uuid]);
      expect(await uuids(`?customer_uuid=${ana.uuid}`)).toEqual([fresh.uuid, old.uuid]);
      expect(await uuids('?search=ben%20tan')).toEqual([redeemed.uuid, soon.uuid]);
      expect(await uuids(`?search=${old.pawn_ticket_number.toLowerCase()}`)).toEqual([old.uuid]);
      const page = await call(w2.t, w2.viewer, 'GET', '/api/loans?per_page=1&page=2');
      expect(page.json().meta).toMatchObject({ total: 4, last_page: 4 });
      expect(page.json().data[0].items).toHaveLength(1);
      expect((await call(w2.t, w2.viewer, 'GET', '/api/loans?status=lost')).statusCode).toBe(422);
      expect((await call(w2.t, w2.viewer, 'GET', '/api/loans?customer_uuid=12')).statusCode).toBe(422);
    } finally {
      await w2.t.close();
    }
  });

  it("GET one; another company's is 404; needs 'view lending'", async () => {
    const loan = await makeLoan(w);
    const one = await call(w.t, w.viewer, 'GET', `/api/loans/${loan.uuid}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ uuid: loan.uuid, items: [expect.objectContaining({ uuid: loan.items[0].uuid })] });
    expect((await call(w.t, w.other, 'GET', `/api/loans/${loan.uuid}`)).statusCode).toBe(404);
    const student = await addUser(w.t.app, w.admin.companyId, { userType: 'student' });
    expect((await call(w.t, student, 'GET', `/api/loans/${loan.uuid}`)).statusCode).toBe(403);
    expect((await call(w.t, student, 'GET', '/api/loans')).statusCode).toBe(403);
  });
});
