import { randomUUID } from 'node:crypto';
import { LENDING_OPERATIONS, SYNC_OPERATIONS, type SyncOperation } from '@kalinga/contracts/lending/operations';
import { ALREADY_REVERSED, addDays, REVERSAL_OF_REVERSAL } from '@kalinga/contracts/lending/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../../test/harness';
import { removeMembership } from '../users/users.repository';
import { call, NO_NOTICE, daysAgo, lendingWorld, type LendingWorld, makeCustomer, makeLoan, TODAY } from '../../../test/lending/lending-helpers';

// The append-only register (decision 0187), on SQLite and PostgreSQL alike: no route and no sync operation changes a
// stored transaction, the database itself refuses an update or delete, and a mistake is corrected by a reversing
// entry with its reason and user, at most once per entry.

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

const isPg = () => /^postgres/.test(process.env.DATABASE_URL ?? '');

async function registerRows() {
  return w.t.db.selectFrom('transactions').selectAll().orderBy('id').execute();
}

async function loanTransactions(loanUuid: string) {
  const res = await call(w.t, w.admin, 'GET', `/api/transactions?loan_uuid=${loanUuid}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { uuid: string; type: string; amount: number; reverses_uuid: string | null; reason: string | null; created_by: number; created_by_name: string; entry_date: string; action: string | null }[];
}

describe('no route or sync operation changes a stored transaction', () => {
  it('every operation of the sync table leaves the rows already written exactly as they were', async () => {
    // A book with every kind of entry: a disbursement, a renewal's interest and charge, a redemption, a sale.
    const renewed = await makeLoan(w, { loan_date: daysAgo(40) });
    expect((await call(w.t, w.admin, 'POST', `/api/loans/${renewed.uuid}/renew`, { new_uuid: randomUUID() })).statusCode).toBe(200);
    const before = await registerRows();
    expect(new Set(before.map((r) => r.type))).toEqual(new Set(['disbursement', 'interest', 'penalty', 'renewal']));

    const done = new Set<SyncOperation>();
    const expectUnchanged = async (op: SyncOperation, status: number) => {
      expect(status, op).toBeLessThan(300);
      done.add(op);
      const now = await registerRows();
      expect(now.slice(0, before.length), op).toEqual(before);
    };
    const customer = await makeCustomer(w.t, w.admin);
    await expectUnchanged('CREATE_CUSTOMER', 201);
    await expectUnchanged('UPDATE_CUSTOMER', (await call(w.t, w.admin, 'PUT', `/api/customers/${customer.uuid}`, { address: 'Cebu City' })).statusCode);
    const cat = await call(w.t, w.admin, 'POST', '/api/categories', { kind: 'lending', title: 'Watches', interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month' });
    await expectUnchanged('CREATE_CATEGORY', cat.statusCode);
    await expectUnchanged('UPDATE_CATEGORY', (await call(w.t, w.admin, 'PUT', `/api/categories/${cat.json().data.uuid}`, { title: 'Watches and clocks' })).statusCode);
    const loan = await makeLoan(w);
    await expectUnchanged('CREATE_LOAN', 201);
    await expectUnchanged('UPDATE_LOAN', (await call(w.t, w.admin, 'PUT', `/api/loans/${loan.uuid}`, { notes: 'Kept in the safe' })).statusCode);
    const item = await call(w.t, w.admin, 'POST', '/api/items', { uuid: randomUUID(), loan_uuid: loan.uuid, description: 'Chain', appraisal_value: 200 });
    await expectUnchanged('CREATE_ITEM', item.statusCode);
    await expectUnchanged('UPDATE_ITEM', (await call(w.t, w.admin, 'PUT', `/api/items/${item.json().data.uuid}`, { description: 'Gold chain' })).statusCode);
    await expectUnchanged('PLACE_ITEM', (await call(w.t, w.admin, 'POST', `/api/items/${item.json().data.uuid}/place`, { tag_number: 'REG-1', place_kind: 'drawer', place_name: 'D-1' })).statusCode);
    await expectUnchanged('RENEW_LOAN', (await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: randomUUID() })).statusCode);
    const other = await makeLoan(w);
    await expectUnchanged('REDEEM_LOAN', (await call(w.t, w.admin, 'POST', `/api/loans/${other.uuid}/redeem`, {})).statusCode);
    const extended = await makeLoan(w);
    await expectUnchanged('EXTEND_LOAN', (await call(w.t, w.admin, 'POST', `/api/loans/${extended.uuid}/extend`, { from_maturity_date: extended.maturity_date })).statusCode);
    const old = await makeLoan(w, { loan_date: daysAgo(70) });
    await expectUnchanged('FORFEIT_LOAN', (await call(w.t, w.admin, 'POST', `/api/loans/${old.uuid}/forfeit`, NO_NOTICE)).statusCode);
    const printed = await call(w.t, w.admin, 'POST', `/api/loans/${old.uuid}/prints`, { print_uuid: randomUUID(), device_id: 'counter-1', printed_at: new Date().toISOString(), as_reprint: false });
    await expectUnchanged('RECORD_TICKET_PRINT', printed.statusCode);
    const forSale = await call(w.t, w.admin, 'PUT', `/api/items/${old.items[0].uuid}/process-forfeited`, { selling_price: 1800 });
    await expectUnchanged('PROCESS_FORFEITED_ITEM', forSale.statusCode);
    const sold = await call(w.t, w.admin, 'POST', `/api/items/${old.items[0].uuid}/mark-as-sold`, { final_selling_price: 1750, buyer_name: 'Ana Reyes' });
    await expectUnchanged('MARK_ITEM_SOLD', sold.statusCode);
    // A clerk of their own: a closed day would refuse the administrator's later entries.
    const teller = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['admin'] });
    const day = await call(w.t, teller, 'POST', '/api/cash-days', { uuid: randomUUID(), opening_float: 1000 });
    await expectUnchanged('OPEN_CASH_DAY', day.statusCode);
    await expectUnchanged('CLOSE_CASH_DAY', (await call(w.t, teller, 'POST', `/api/cash-days/${day.json().data.uuid}/close`, { counted: 1000 })).statusCode);
    // A reversal adds a row; the one it reverses stays as it was.
    const sale = (await registerRows()).find((r) => r.type === 'sale')!;
    const reversed = await call(w.t, w.admin, 'POST', `/api/transactions/${sale.uuid}/reverse`, { uuid: randomUUID(), reason: 'Typed the wrong price' });
    expect(reversed.statusCode).toBe(201);
    expect(await w.t.db.selectFrom('transactions').selectAll().where('uuid', '=', sale.uuid).executeTakeFirst()).toEqual(sale);
    expect([...done].sort()).toEqual([...SYNC_OPERATIONS].sort());
    expect(Object.keys(LENDING_OPERATIONS).sort()).toEqual([...SYNC_OPERATIONS].sort());
  });
});

describe('the database refuses to change the register', () => {
  it('an update or a delete of a transaction fails, whatever the column', async () => {
    const loan = await makeLoan(w);
    const [row] = await registerRows().then((rows) => rows.filter((r) => r.loan_uuid === loan.uuid));
    await expect(w.t.db.updateTable('transactions').set({ amount: 1 }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(w.t.db.updateTable('transactions').set({ reason: 'x' }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(w.t.db.updateTable('transactions').set({ created_by: null, amount: 5 }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(w.t.db.deleteFrom('transactions').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    if (isPg()) await expect(sql`truncate transactions`.execute(w.t.db)).rejects.toThrow(/append-only/);
    expect(await w.t.db.selectFrom('transactions').selectAll().where('id', '=', row.id).executeTakeFirst()).toEqual(row);
  });

  it("a removed user's entries stay, with their name; only the link to the account goes", async () => {
    const clerk = await addUser(w.t.app, w.admin.companyId, { userType: 'personnel', roles: ['admin'], name: 'Clerk Removed' });
    const loan = await makeLoan(w, {}, clerk);
    const [row] = await loanTransactions(loan.uuid);
    expect(row).toMatchObject({ created_by: clerk.user.id, created_by_name: 'Clerk Removed' });
    await w.t.db.transaction().execute((trx) => removeMembership(trx, w.admin.companyId, clerk.user.id));
    const [after] = await loanTransactions(loan.uuid);
    expect(after).toEqual({ ...row, created_by: null });
  });
});

describe('a reversing entry', () => {
  it('writes the reason, the user and today beside the original, which stays as it was', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(2) });
    const [original] = await loanTransactions(loan.uuid);
    const uuid = randomUUID();
    const res = await call(w.t, w.admin, 'POST', `/api/transactions/${original.uuid}/reverse`, { uuid, reason: '  Paid out twice by mistake ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().original).toEqual(original);
    expect(res.json().data).toMatchObject({
      uuid,
      loan_uuid: loan.uuid,
      type: 'disbursement',
      amount: original.amount,
      reverses_uuid: original.uuid,
      reason: 'Paid out twice by mistake',
      action: 'reversal',
      created_by: w.admin.user.id,
      created_by_name: w.admin.user.name,
      entry_date: TODAY(),
    });
    expect(original.entry_date).toBe(daysAgo(2));
    expect((await loanTransactions(loan.uuid)).map((t) => t.uuid).sort()).toEqual([original.uuid, uuid].sort());
    // Pulled by devices like any change.
    const pulled = await call(w.t, w.admin, 'GET', `/api/sync?since=1970-01-01T00:00:00.000Z`);
    expect(pulled.json().data.transactions.some((t: { uuid: string }) => t.uuid === uuid)).toBe(true);
  });

  it('is written once: the same uuid again answers the first result, another is refused, a reversal is not reversed', async () => {
    const loan = await makeLoan(w);
    const [original] = await loanTransactions(loan.uuid);
    const body = { uuid: randomUUID(), reason: 'Wrong customer' };
    const first = await call(w.t, w.admin, 'POST', `/api/transactions/${original.uuid}/reverse`, body);
    expect(first.statusCode).toBe(201);
    const again = await call(w.t, w.admin, 'POST', `/api/transactions/${original.uuid}/reverse`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const second = await call(w.t, w.admin, 'POST', `/api/transactions/${original.uuid}/reverse`, { uuid: randomUUID(), reason: 'Wrong customer' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ALREADY_REVERSED);
    const ofReversal = await call(w.t, w.admin, 'POST', `/api/transactions/${body.uuid}/reverse`, { uuid: randomUUID(), reason: 'Undo the undo' });
    expect(ofReversal.statusCode).toBe(409);
    expect(ofReversal.json().message).toBe(REVERSAL_OF_REVERSAL);
    expect(await loanTransactions(loan.uuid)).toHaveLength(2);
  });

  it('refuses bad input (422), hides another company (404) and needs manage lending (403)', async () => {
    const loan = await makeLoan(w);
    const [original] = await loanTransactions(loan.uuid);
    const url = `/api/transactions/${original.uuid}/reverse`;
    expect((await call(w.t, w.admin, 'POST', url, { uuid: randomUUID(), reason: ' x ' })).statusCode).toBe(422);
    expect((await call(w.t, w.admin, 'POST', url, { uuid: 'nope', reason: 'Wrong amount' })).statusCode).toBe(422);
    expect((await call(w.t, w.admin, 'POST', '/api/transactions/nope/reverse', { uuid: randomUUID(), reason: 'Wrong amount' })).statusCode).toBe(422);
    const hidden = await call(w.t, w.other, 'POST', url, { uuid: randomUUID(), reason: 'Wrong amount' });
    expect(hidden.statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', url, { uuid: randomUUID(), reason: 'Wrong amount' })).statusCode).toBe(403);
    // A reversal's uuid that another row already has is refused without saying whose.
    expect((await call(w.t, w.admin, 'POST', url, { uuid: original.uuid, reason: 'Wrong amount' })).statusCode).toBe(422);
    expect(await loanTransactions(loan.uuid)).toHaveLength(1);
  });

  it('two counters reversing the same entry at once: one reversal, the other refused', async () => {
    const loan = await makeLoan(w, { loan_date: addDays(TODAY(), -1) });
    const [original] = await loanTransactions(loan.uuid);
    const results = await Promise.all(
      [0, 1, 2].map((i) => call(w.t, w.admin, 'POST', `/api/transactions/${original.uuid}/reverse`, { uuid: randomUUID(), reason: `Counter ${i} saw a mistake` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await loanTransactions(loan.uuid)).toHaveLength(2);
  });
});
