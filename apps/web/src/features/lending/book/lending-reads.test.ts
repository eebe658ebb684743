import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverItem, serverLoan } from '../../../test/lending-fixtures';
import { db } from '../../../offline/database';
import { customerDetail, customerPage, itemPage, lendingCategories, loanCount, loanDetail, loanPage, onTab, syncErrorOf } from './lending-reads';

const TODAY = '2026-11-23';
const category = serverCategory();
const ana = serverCustomer({ uuid: '00000000-0000-4000-8000-00000000a001', id: 1, first_name: 'Ana', last_name: 'Reyes', phone_number: '09170000001' });
const ben = serverCustomer({ uuid: '00000000-0000-4000-8000-00000000a002', id: 2, first_name: 'Ben', last_name: 'Abad', phone_number: '09180000002' });
const cora = serverCustomer({ uuid: '00000000-0000-4000-8000-00000000a003', id: 3, first_name: 'Cora', last_name: 'Reyes', phone_number: null });

function loan(n: number, over: Parameters<typeof serverLoan>[0] = {}) {
  const uuid = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return serverLoan({
    uuid, id: n, pawn_ticket_number: `PT-2026-${String(n).padStart(6, '0')}`, customer_uuid: ana.uuid,
    items: [serverItem({ uuid: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`, id: n, loan_uuid: uuid, customer_uuid: over.customer_uuid ?? ana.uuid })],
    created_at: `2026-11-${String(1 + (n % 20)).padStart(2, '0')}T02:00:00.000Z`, ...over,
  });
}

beforeEach(async () => {
  await clearStore();
  await keepSynced({ categories: [category], customers: [ana, ben, cora] });
});

describe('customers', () => {
  it('lists by last name then first name, a page at a time', async () => {
    const page = await customerPage({ search: '', page: 1, perPage: 2 });
    expect(page.rows.map((c) => c.first_name)).toEqual(['Ben', 'Ana']);
    expect(page).toMatchObject({ total: 3, lastPage: 2 });
    expect((await customerPage({ search: '', page: 2, perPage: 2 })).rows.map((c) => c.first_name)).toEqual(['Cora']);
  });

  it('searches as typed over name words and phone: every word must start a term', async () => {
    expect((await customerPage({ search: 'rey', page: 1 })).rows.map((c) => c.first_name)).toEqual(['Ana', 'Cora']);
    expect((await customerPage({ search: 'REYES co', page: 1 })).rows.map((c) => c.first_name)).toEqual(['Cora']);
    expect((await customerPage({ search: '0918', page: 1 })).rows.map((c) => c.first_name)).toEqual(['Ben']);
    expect((await customerPage({ search: 'zed', page: 1 })).total).toBe(0);
  });

  it("a customer's page holds their loans (newest first) and items", async () => {
    await keepSynced({ loans: [loan(1, { loan_date: '2026-10-01' }), loan(2, { loan_date: '2026-11-01' }), loan(3, { customer_uuid: ben.uuid })] });
    const detail = await customerDetail(ana.uuid);
    expect(detail?.loans.map((l) => l.id)).toEqual([2, 1]);
    expect(detail?.items).toHaveLength(2);
    expect(await customerDetail('00000000-0000-4000-8000-0000000000ff')).toBeNull();
  });
});

describe('loans', () => {
  beforeEach(async () => {
    await keepSynced({
      loans: [
        loan(1, { maturity_date: '2026-11-25', expiry_date: '2027-02-23' }), // maturing
        loan(2, { maturity_date: '2026-12-20', expiry_date: '2027-03-20' }), // active only
        loan(3, { loan_date: '2026-06-01', maturity_date: '2026-07-01', expiry_date: '2026-09-29' }), // expired
        loan(4, { status: 'redeemed', customer_uuid: ben.uuid }),
        loan(5, { status: 'renewed' }),
        loan(6, { status: 'forfeited', maturity_date: '2026-11-24' }),
      ],
    });
  });

  it('puts each loan on its tabs by status and by the counter day', async () => {
    const ids = async (tab: Parameters<typeof loanPage>[0]['tab']) => (await loanPage({ tab, search: '', page: 1, today: TODAY })).rows.map((r) => r.loan.id);
    expect((await ids('active')).sort()).toEqual([1, 2, 3]);
    expect(await ids('maturing')).toEqual([1]);
    expect(await ids('expired')).toEqual([3]);
    expect(await ids('redeemed')).toEqual([4]);
    expect(await ids('renewed')).toEqual([5]);
    expect(await ids('forfeited')).toEqual([6]);
    expect((await ids('recent')).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(onTab((await db.loans.get(loan(1).uuid))!, 'maturing', '2026-11-17')).toBe(false);
    // The date tabs count apart, so their first page shows without reading every active loan.
    expect(await loanPage({ tab: 'expired', search: '', page: 1, today: TODAY })).toMatchObject({ total: null, lastPage: null, page: 1 });
    expect(await loanCount('expired', TODAY)).toBe(1);
    expect(await loanCount('maturing', TODAY)).toBe(1);
  });

  it('searches by any part of the ticket number or by the customer, within the tab', async () => {
    const found = await loanPage({ tab: 'recent', search: '000004', page: 1, today: TODAY });
    expect(found.rows.map((r) => r.loan.id)).toEqual([4]);
    expect(found.rows[0].customer?.first_name).toBe('Ben');
    expect((await loanPage({ tab: 'recent', search: 'abad', page: 1, today: TODAY })).rows.map((r) => r.loan.id)).toEqual([4]);
    expect((await loanPage({ tab: 'active', search: 'abad', page: 1, today: TODAY })).total).toBe(0);
  });

  it('pages inside the store: 60 active loans give 3 pages of 25, newest loan date first', async () => {
    await keepSynced({ loans: Array.from({ length: 60 }, (_, n) => loan(100 + n, { loan_date: `2026-${String(1 + (n % 10)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}` })) });
    const first = await loanPage({ tab: 'active', search: '', page: 1, today: TODAY });
    expect(first).toMatchObject({ total: 63, lastPage: 3 });
    expect(first.rows).toHaveLength(25);
    const dates = first.rows.map((r) => r.loan.loan_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await loanPage({ tab: 'active', search: '', page: 3, today: TODAY })).rows).toHaveLength(13);
    expect((await loanPage({ tab: 'recent', search: '', page: 2, today: TODAY })).rows).toHaveLength(25);
    // Only the 50 most recent: a page past the end shows the last one.
    expect(await loanPage({ tab: 'recent', search: '', page: 3, today: TODAY })).toMatchObject({ page: 2, lastPage: 2, total: 50 });
  });

  it("a loan's page has the items table's items, its transactions oldest first, customer and category", async () => {
    await db.transactions.bulkPut([
      { uuid: 't2', id: 2, loan_uuid: loan(1).uuid, item_uuid: null, type: 'interest', amount: 90, created_at: '2026-11-20T00:00:00Z', created_by: 1, created_by_name: 'Clerk One', entry_date: '2026-11-20', reverses_uuid: null, reason: null, action: null, sync_status: 'synced' },
      { uuid: 't1', id: 1, loan_uuid: loan(1).uuid, item_uuid: null, type: 'disbursement', amount: 2995, created_at: '2026-11-01T00:00:00Z', created_by: 1, created_by_name: 'Clerk One', entry_date: '2026-11-01', reverses_uuid: null, reason: null, action: null, sync_status: 'synced' },
    ]);
    const detail = await loanDetail(loan(1).uuid);
    expect(detail?.transactions.map((t) => t.type)).toEqual(['disbursement', 'interest']);
    expect(detail?.items).toHaveLength(1);
    expect(detail?.customer?.first_name).toBe('Ana');
    expect(detail?.category?.title).toBe('Jewelry');
  });
});

describe('items and sync state', () => {
  it('lists items of a status with their ticket and pawner', async () => {
    const forfeited = loan(7, { status: 'forfeited' });
    forfeited.items = [serverItem({ uuid: '20000000-0000-4000-8000-000000000001', loan_uuid: forfeited.uuid, customer_uuid: ana.uuid, status: 'forfeited' })];
    await keepSynced({ loans: [forfeited, loan(8)] });
    const page = await itemPage({ status: 'forfeited', page: 1 });
    expect(page.rows.map((r) => [r.item.status, r.loan?.pawn_ticket_number, r.customer?.first_name])).toEqual([['forfeited', 'PT-2026-000007', 'Ana']]);
    expect((await itemPage({ status: 'sold', page: 1 })).total).toBe(0);
  });

  it("a failed record's reason is its sync_error, else its failed queue entry's sentence", async () => {
    expect(await syncErrorOf({ uuid: 'a', sync_status: 'synced' })).toBeNull();
    expect(await syncErrorOf({ uuid: 'a', sync_status: 'failed', sync_error: 'This loan is redeemed, not active.' })).toBe('This loan is redeemed, not active.');
    await db.syncQueue.add({ operation: 'REDEEM_LOAN', data: { uuid: 'b' }, status: 'failed', created_at: '', retry_count: 1, error: 'Refused.', priority: 1 });
    expect(await syncErrorOf({ uuid: 'b', sync_status: 'failed' })).toBe('Refused.');
  });
});

describe('categories for a ticket', () => {
  it('lists lending categories only (the Categories screen keeps counselling ones in the same table)', async () => {
    await keepSynced({ categories: [serverCategory(), serverCategory({ id: 8, uuid: '00000000-0000-4000-8000-0000000000c8', kind: 'counselling', title: 'Academic Concerns' })] });
    expect((await lendingCategories()).map((c) => c.title)).toEqual(['Jewelry']);
  });
});

describe('the Recent tab (it once said "no loans" beside a full book)', () => {
  it('lists loans the created_at index lacks (a row without a usable created_at), newest first', async () => {
    await keepSynced({ loans: [loan(1), loan(2), loan(3)] });
    // A row kept without created_at (an earlier version's book, a row made without one): not in the index.
    const bare = (await db.loans.get(loan(2).uuid))!;
    delete (bare as { created_at?: string }).created_at;
    await db.loans.put(bare);
    expect(await db.loans.orderBy('created_at').count()).toBe(2);
    const page = await loanPage({ tab: 'recent', search: '', page: 1, today: TODAY });
    expect(page.total).toBe(3);
    // The row without created_at takes its place by its loan date (Nov 1, before the others were written).
    expect(page.rows.map((r) => r.loan.id)).toEqual([3, 1, 2]);
  });

  it('with every row indexed, reads the index a page at a time', async () => {
    await keepSynced({ loans: [loan(1), loan(2), loan(3)] });
    const page = await loanPage({ tab: 'recent', search: '', page: 2, today: TODAY, perPage: 2 });
    expect(page.rows.map((r) => r.loan.id)).toEqual([1]);
  });
});

describe('a loan’s items', () => {
  it('come in the order they were entered, not by uuid, pulled or written here', async () => {
    const uuid = '00000000-0000-4000-8000-00000000e001';
    const entered = ['Zircon pendant', 'Anklet', 'Bangle'];
    const items = entered.map((description, i) => serverItem({ id: 100 + i, uuid: `${'fedcba'[i]}0000000-0000-4000-8000-00000000000${i}`, loan_uuid: uuid, description }));
    // The loan's own list as a pull may leave it (by uuid): the server's numbering says the order.
    await keepSynced({ categories: [serverCategory()], customers: [serverCustomer()], loans: [serverLoan({ uuid, items: [...items].reverse() })] });
    expect((await loanDetail(uuid))?.items.map((i) => i.description)).toEqual(entered);
  });
});
