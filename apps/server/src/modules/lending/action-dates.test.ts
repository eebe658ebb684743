import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor } from '../../../test/harness';
import { migrateToLatest } from '../../db/migrate';
import { rolesAndPermissions } from '../companies/company.repository';
import { call, markNotified, daysAgo, lendingWorld, type LendingWorld, loanBody, makeCustomer, makeLoan, TODAY, counterClerks } from '../../../test/lending/lending-helpers';
import { withOldDatabase } from '../../../test/old-database';

// Decision 0120: how far back the counter may date an action, who may go further, and the record
// every backdated action leaves (docs/decisions/0120-lending-action-date-bound.md).

let w: LendingWorld;
let clerk: Actor;
let otherClerk: Actor;
beforeAll(async () => {
  w = await lendingWorld();
  [clerk] = await counterClerks(w, w.admin, [undefined]);
  [otherClerk] = await counterClerks(w, w.other, [undefined]);
});
afterAll(async () => {
  await w.t.close();
});

async function backdatings(companyId: number) {
  return w.t.db.selectFrom('backdated_actions').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}

async function setBackdateDays(days: unknown, actor: Actor = w.admin) {
  return call(w.t, actor, 'POST', '/api/settings', { lending_backdate_days: days });
}

describe('action dates on a loan', () => {
  it("a 200-day loan cannot be redeemed by the counter on its own loan date (the review's under-charge), only within the setting", async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(200) });
    const early = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: daysAgo(200) });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.redemption_date).toEqual(['The redemption date may be at most 7 days before today; only a supervisor may date it earlier.']);
    const eight = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: daysAgo(8) });
    expect(eight.statusCode).toBe(422);
    const ok = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: daysAgo(7) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.redemption_date).toBe(daysAgo(7));
    const record = (await backdatings(w.admin.companyId)).find((r) => r.loan_uuid === loan.uuid && r.action === 'redemption');
    expect(record).toMatchObject({ user_id: clerk.user.id, action_date: daysAgo(7), server_date: TODAY(), days_back: 7, beyond_setting: 0 });
  });

  it('an expired loan is not renewed by dating the renewal back (counter), nor forfeited on a day before its loan date', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(120) });
    const renew = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: crypto.randomUUID(), renewal_date: daysAgo(80) });
    expect(renew.statusCode).toBe(422);
    expect(renew.json().errors.renewal_date[0]).toMatch(/at most 7 days before today/);
    const beforeLoan = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/forfeit`, { forfeiture_date: daysAgo(121) });
    expect(beforeLoan.statusCode).toBe(422);
    expect(beforeLoan.json().errors.forfeiture_date).toEqual(['The date may not be before the loan date.']);
    const future = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/forfeit`, { forfeiture_date: daysAgo(-2) });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.forfeiture_date).toEqual(['The forfeiture date may not be in the future.']);
    expect((await call(w.t, clerk, 'GET', `/api/loans/${loan.uuid}`)).json().data.status).toBe('active');
  });

  it('a supervisor (backdate lending) may go further back; the record says who and by how much, beyond the setting', async () => {
    const loan = await makeLoan(w, { loan_date: daysAgo(120) });
    const renewed = await call(w.t, w.admin, 'POST', `/api/loans/${loan.uuid}/renew`, { new_uuid: crypto.randomUUID(), renewal_date: daysAgo(100) });
    expect(renewed.statusCode).toBe(200);
    const record = (await backdatings(w.admin.companyId)).find((r) => r.loan_uuid === loan.uuid && r.action === 'renewal');
    expect(record).toMatchObject({ user_id: w.admin.user.id, action: 'renewal', action_date: daysAgo(100), days_back: 100, beyond_setting: 1 });
  });

  it('an action dated today leaves no record', async () => {
    const loan = await makeLoan(w);
    expect((await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/redeem`, {})).statusCode).toBe(200);
    expect((await backdatings(w.admin.companyId)).some((r) => r.loan_uuid === loan.uuid)).toBe(false);
  });
});

describe("a new loan's date", () => {
  it('the counter may not write a loan dated 2000-01-01 (to forfeit it at once); a supervisor may, and it is recorded', async () => {
    const customer = await makeCustomer(w.t, clerk);
    const old = await call(w.t, clerk, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: '2000-01-01' }));
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.loan_date[0]).toMatch(/^The loan date may be at most 7 days before today/);
    const yesterday = await call(w.t, clerk, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: daysAgo(1) }));
    expect(yesterday.statusCode).toBe(201);
    const byAdmin = await call(w.t, w.admin, 'POST', '/api/loans', loanBody(customer.uuid, w.category.id, { loan_date: '2000-01-01' }));
    expect(byAdmin.statusCode).toBe(201);
    const rows = await backdatings(w.admin.companyId);
    expect(rows.find((r) => r.loan_uuid === yesterday.json().data.uuid)).toMatchObject({ action: 'loan', user_id: clerk.user.id, days_back: 1, beyond_setting: 0 });
    expect(rows.find((r) => r.loan_uuid === byAdmin.json().data.uuid)).toMatchObject({ action: 'loan', user_id: w.admin.user.id, action_date: '2000-01-01', beyond_setting: 1 });
  });
});

describe('the site setting lending_backdate_days', () => {
  it('defaults to 7; an administrator sets it (0 = today only); bad values 422; the counter may not change it', async () => {
    expect((await call(w.t, clerk, 'GET', '/api/settings')).json().lending_backdate_days).toBe(7);
    for (const bad of [-1, 366, 1.5, 'seven']) {
      const res = await setBackdateDays(bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors.lending_backdate_days).toBeDefined();
    }
    expect((await setBackdateDays(0, clerk)).statusCode).toBe(403);
    const zero = await setBackdateDays(0);
    expect(zero.statusCode).toBe(200);
    expect(zero.json().lending_backdate_days).toBe(0);
    try {
      const loan = await makeLoan(w, { loan_date: daysAgo(3) });
      const yesterday = await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/redeem`, { redemption_date: daysAgo(1) });
      expect(yesterday.statusCode).toBe(422);
      expect(yesterday.json().errors.redemption_date).toEqual(['The redemption date must be today; only a supervisor may date it earlier.']);
      // Another company's counter keeps its own setting (7).
      const theirs = await makeLoan(w, { loan_date: daysAgo(3) }, w.other);
      expect((await call(w.t, otherClerk, 'POST', `/api/loans/${theirs.uuid}/redeem`, { redemption_date: daysAgo(1) })).statusCode).toBe(200);
      expect((await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/redeem`, {})).statusCode).toBe(200);
      // Each company's records are its own.
      const theirRecords = await backdatings(w.other.companyId);
      expect(theirRecords.map((r) => [r.action, r.loan_uuid])).toEqual([
        ['loan', theirs.uuid],
        ['redemption', theirs.uuid],
      ]);
      expect((await backdatings(w.admin.companyId)).some((r) => r.loan_uuid === theirs.uuid)).toBe(false);
    } finally {
      expect((await setBackdateDays(7)).statusCode).toBe(200);
    }
  });
});

describe('permissions', () => {
  it("'backdate lending' is the administrator's, not the counter role's", async () => {
    expect((await rolesAndPermissions(w.t.db, w.admin.user.id, w.admin.companyId)).permissions).toContain('backdate lending');
    expect((await rolesAndPermissions(w.t.db, clerk.user.id, clerk.companyId)).permissions).not.toContain('backdate lending');
  });

  it('migration 012 gives it to the admin role of companies made before it, and to no other role', async () => {
    await withOldDatabase('010-notifications', ['backdate lending'], async ({ db, company, user }) => {
      expect((await rolesAndPermissions(db, user.id, company.id)).permissions).not.toContain('backdate lending');
      await migrateToLatest(db);
      expect((await rolesAndPermissions(db, user.id, company.id)).permissions).toContain('backdate lending');
      const grants = await db
        .selectFrom('role_permission')
        .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
        .innerJoin('roles', 'roles.id', 'role_permission.role_id')
        .select('roles.name')
        .where('permissions.name', '=', 'backdate lending')
        .execute();
      expect(grants.map((g) => g.name)).toEqual(['admin']);
      const settings = await db.selectFrom('settings').select('lending_backdate_days').where('company_id', '=', company.id).executeTakeFirstOrThrow();
      expect(settings.lending_backdate_days).toBe(7);
    });
  });
});

describe('selling a forfeited item (item 5)', () => {
  async function itemForSale() {
    const loan = await makeLoan(w, { loan_date: daysAgo(120) });
    await markNotified(w, loan.uuid);
    expect((await call(w.t, clerk, 'POST', `/api/loans/${loan.uuid}/forfeit`, { forfeiture_date: daysAgo(3) })).statusCode).toBe(200);
    const itemUuid = loan.items[0].uuid;
    expect((await call(w.t, clerk, 'PUT', `/api/items/${itemUuid}/process-forfeited`, { selling_price: 0 })).statusCode).toBe(422);
    expect((await call(w.t, clerk, 'PUT', `/api/items/${itemUuid}/process-forfeited`, { selling_price: 2000 })).statusCode).toBe(200);
    return { loanUuid: loan.uuid, itemUuid };
  }

  it('refuses a price of 0 and a sale dated 1999 or before the forfeiture; a sale within the bound writes its money and its record', async () => {
    const { loanUuid, itemUuid } = await itemForSale();
    const free = await call(w.t, clerk, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 0, buyer_name: 'X' });
    expect(free.statusCode).toBe(422);
    expect(free.json().errors.final_selling_price).toEqual(['The final selling price must be greater than zero.']);
    const old = await call(w.t, clerk, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 10, buyer_name: 'X', sold_at: '1999-01-01T00:00:00Z' });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.sold_at).toEqual(['The date may not be before the loan date.']);
    const eightDays = await call(w.t, clerk, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 10, buyer_name: 'X', sold_at: `${daysAgo(8)}T12:00:00+08:00` });
    expect(eightDays.json().errors.sold_at[0]).toMatch(/^The sale date may not be before the forfeiture/);
    // Not even a supervisor sells before the item was forfeited.
    const beforeForfeit = await call(w.t, w.admin, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 10, buyer_name: 'X', sold_at: `${daysAgo(4)}T12:00:00+08:00` });
    expect(beforeForfeit.statusCode).toBe(422);
    expect(beforeForfeit.json().errors.sold_at).toEqual([`The sale date may not be before the forfeiture (${daysAgo(3)}).`]);
    const future = await call(w.t, clerk, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 10, buyer_name: 'X', sold_at: '2999-01-01T00:00:00Z' });
    expect(future.json().errors.sold_at).toEqual(['The sale date may not be in the future.']);
    const sold = await call(w.t, clerk, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 1500, buyer_name: 'Lito', sold_at: `${daysAgo(2)}T10:00:00+08:00` });
    expect(sold.statusCode).toBe(200);
    const tx = await call(w.t, clerk, 'GET', `/api/transactions?loan_uuid=${loanUuid}&type=sale`);
    expect(tx.json().data).toEqual([expect.objectContaining({ type: 'sale', amount: 1500, item_uuid: itemUuid })]);
    const record = (await backdatings(w.admin.companyId)).find((r) => r.item_uuid === itemUuid);
    expect(record).toMatchObject({ action: 'sale', user_id: clerk.user.id, action_date: daysAgo(2), days_back: 2, loan_uuid: loanUuid });
  });

  it("another company's item stays invisible; a viewer may not sell", async () => {
    const { itemUuid } = await itemForSale();
    expect((await call(w.t, otherClerk, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 10, buyer_name: 'X' })).statusCode).toBe(404);
    expect((await call(w.t, w.viewer, 'POST', `/api/items/${itemUuid}/mark-as-sold`, { final_selling_price: 10, buyer_name: 'X' })).statusCode).toBe(403);
  });
});
