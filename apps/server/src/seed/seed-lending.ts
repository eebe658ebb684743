import type { Insertable } from 'kysely';
import type { AppConfig } from '../config';
import { nowIso } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { insertUser } from '../modules/auth/user.repository';
import { addMember, setUserRoles } from '../modules/companies/company.repository';
import { branchTicketNumber } from '@kalinga/contracts/lending/branches';
import { bumpVersion } from '../db/sync-version';
import type { DB } from '../db/database';
import type { ItemsTable, LoansTable, TransactionsTable } from '../db/tables';
import { type BookCategory, type BookCustomer, type BookLoan, makeCustomers, makeLoans } from './lending-book';
import { seededRandom } from './random';
import { DEMO_PASSWORD, type DemoContext } from './seed-foundation';
import { localDateOf, todayIn } from '@kalinga/contracts/zone-time';
import { loanFigures } from '@kalinga/contracts/lending/figures';
import { noticeAmountDue } from '@kalinga/contracts/lending/notice-rules';
import { addDays } from '@kalinga/contracts/lending/rules';

/** The demo pawnshop's categories: BSP-style terms, a month per ticket, 90 days after maturity to redeem or renew. */
const CATEGORIES = [
  { title: 'Jewellery', description: 'Gold and diamond jewellery, appraised by weight and karat.', interest_rate: 3, penalty_rate: 2 },
  { title: 'Gadgets', description: 'Phones, laptops, tablets and cameras in working order.', interest_rate: 4, penalty_rate: 2 },
  { title: 'Appliances', description: 'Household appliances in working order.', interest_rate: 4, penalty_rate: 2 },
] as const;
/**
 * The demo pawnshop's name, address and BSP registration on its tickets and notices (decision 0220): the counselling
 * centre's own name would print on a pawn ticket otherwise. The registration number is made up for the demo.
 */
export const DEMO_PAWNSHOP = {
  pawnshop_name: 'Kalinga Pawnshop',
  pawnshop_address: 'G/F 118 Kalayaan Avenue, Barangay Central, Quezon City 1100, Metro Manila',
  bsp_registration: 'PS-07-2019-00417',
} as const;
export const LENDING_TERMS = { loan_period: 1, loan_period_type: 'month', loan_period_expiry: 90, is_renewable: true } as const;

const BATCH = 500;

/** A version-4 uuid drawn from the seeded generator, so the demo book is the same on every fresh start. */
export function uuidFrom(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16], 16) & 3) | 8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/** When something happened at the counter: the day at a business hour in Manila (UTC+8), as an instant. */
const at = (day: string, rand: () => number) => `${day}T0${1 + Math.floor(rand() * 8)}:${String(Math.floor(rand() * 60)).padStart(2, '0')}:00.000Z`;

/**
 * Writes a book (customers, tickets with their items and transactions) for a company in bulk, inside
 * `trx`, every row stamped with `version`; ticket numbers continue the company's sequence in loan-date order.
 */
export async function insertBook(
  trx: DB,
  opts: { companyId: number; userId: number | null; version: number; rand: () => number; customers: BookCustomer[]; loans: BookLoan[]; branchIds?: number[] },
): Promise<void> {
  const { companyId, version, rand } = opts;
  const firstDay = opts.loans.reduce((d, l) => (l.loan_date < d ? l.loan_date : d), '9999-12-31');
  const customerUuids = opts.customers.map(() => uuidFrom(rand));
  const customerIds: number[] = [];
  await inBatches(
    opts.customers.map((c, i) => ({ ...c, company_id: companyId, uuid: customerUuids[i], version, created_by: opts.userId, created_at: at(firstDay, rand), updated_at: at(firstDay, rand) })),
    async (batch) => {
      const rows = await trx.insertInto('customers').values(batch).returning('id').execute();
      customerIds.push(...rows.map((r) => r.id));
    },
  );

  await trx.insertInto('lending_counters').values({ company_id: companyId }).onConflict((oc) => oc.column('company_id').doNothing()).execute();
  // Each chain of renewals stays at one branch (the given ones, else the company's open branches in turn); ticket
  // numbers continue each branch's own series in loan-date order (decision 0301).
  const branches = await trx.selectFrom('branches').select(['id', 'ticket_prefix', 'last_ticket_number']).where('company_id', '=', companyId).where('deleted', '=', 0).orderBy('id').execute();
  const branchIds = opts.branchIds ?? branches.map((b) => b.id);
  const series = new Map(branches.map((b) => [b.id, { prefix: b.ticket_prefix, n: Number(b.last_ticket_number) }]));
  const chainStart = (i: number): number => (opts.loans[i].renewed_from === null ? i : chainStart(opts.loans[i].renewed_from!));
  const branchOf = (i: number): number => branchIds[chainStart(i) % branchIds.length];
  const order = opts.loans.map((_, i) => i).sort((a, b) => opts.loans[a].loan_date.localeCompare(opts.loans[b].loan_date) || a - b);
  const tickets: string[] = [];
  for (const index of order) {
    const s = series.get(branchOf(index))!;
    s.n += 1;
    tickets[index] = branchTicketNumber(s.prefix, opts.loans[index].loan_date, s.n);
  }
  for (const [id, s] of series) await trx.updateTable('branches').set({ last_ticket_number: s.n }).where('company_id', '=', companyId).where('id', '=', id).execute();

  const loanUuids = opts.loans.map(() => uuidFrom(rand));
  const created = opts.loans.map((l) => at(l.loan_date, rand));
  // A sale's day is the company's day of its instant (decision 0380), like every day the book compares.
  const { timezone } = await trx.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow();
  const lastChange = (l: BookLoan) => [l.renewal_date, l.redemption_date, l.forfeiture_date, ...l.items.map((i) => (i.sold_at ? localDateOf(i.sold_at, timezone) : null))].filter((d): d is string => d !== null).sort().pop();
  const loanRows: Insertable<LoansTable>[] = opts.loans.map(({ customer, category, items: _items, transactions: _t, renewed_from, new_loan, ...l }, i) => ({
    ...l,
    company_id: companyId,
    uuid: loanUuids[i],
    pawn_ticket_number: tickets[i],
    branch_id: branchOf(i),
    customer_id: customerIds[customer],
    customer_uuid: customerUuids[customer],
    category_id: category.id,
    category_uuid: category.uuid,
    renewed_from: renewed_from === null ? null : loanUuids[renewed_from],
    new_loan: new_loan === null ? null : loanUuids[new_loan],
    notes: null,
    version,
    created_by: opts.userId,
    created_at: created[i],
    updated_at: lastChange(opts.loans[i]) ? at(lastChange(opts.loans[i])!, rand) : created[i],
  }));
  const loanIds: number[] = [];
  await inBatches(loanRows, async (batch) => {
    const rows = await trx.insertInto('loans').values(batch).returning('id').execute();
    loanIds.push(...rows.map((r) => r.id));
  });

  // Items sit on the last ticket of their chain; they were first pawned with its first ticket.
  const itemRows: Insertable<ItemsTable>[] = [];
  const itemUuids = new Map<string, string>();
  const transactionRows: Insertable<TransactionsTable>[] = [];
  opts.loans.forEach((loan, i) => {
    loan.items.forEach((item, k) => {
      const uuid = uuidFrom(rand);
      itemUuids.set(`${i}|${k}`, uuid);
      const pawned = created[chainStart(i)];
      itemRows.push({ ...item, company_id: companyId, uuid, loan_id: loanIds[i], loan_uuid: loanUuids[i], customer_uuid: customerUuids[loan.customer], category_id: loan.category.id, category_uuid: loan.category.uuid, branch_id: branchOf(i), version, created_at: pawned, updated_at: item.sold_at ?? (loan.status === 'active' ? pawned : loanRows[i].updated_at!) });
    });
  });
  opts.loans.forEach((loan, i) => {
    for (const t of loan.transactions) {
      transactionRows.push({
        company_id: companyId, uuid: uuidFrom(rand), loan_id: loanIds[i], loan_uuid: loanUuids[i], item_uuid: t.item === undefined ? null : itemUuids.get(`${i}|${t.item}`)!,
        type: t.type, amount: t.amount, entry_date: t.date, branch_id: branchOf(i), version, created_by: opts.userId, created_at: t.date === loan.loan_date && t.type === 'disbursement' ? created[i] : at(t.date, rand),
      });
    }
  });
  await inBatches(itemRows, async (batch) => void (await trx.insertInto('items').values(batch).execute()));
  await inBatches(transactionRows, async (batch) => void (await trx.insertInto('transactions').values(batch).execute()));
}

/** Inserts the lending categories for a company, stamped with `version`. */
export async function insertLendingCategories(trx: DB, companyId: number, version: number, rand: () => number): Promise<BookCategory[]> {
  const now = nowIso();
  const out: BookCategory[] = [];
  for (const c of CATEGORIES) {
    const uuid = uuidFrom(rand);
    const row = await trx
      .insertInto('categories')
      .values({ uuid, company_id: companyId, kind: 'lending', title: c.title, description: c.description, image_path: null, name: c.title, interest_rate: c.interest_rate, penalty_rate: c.penalty_rate, ...LENDING_TERMS, is_renewable: 1, version, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    out.push({ id: row.id, uuid, title: c.title, terms: { ...LENDING_TERMS, interest_rate: c.interest_rate, penalty_rate: c.penalty_rate } });
  }
  return out;
}

/**
 * The shop sent its notices (decision 0217): every ticket whose redemption period ended, forfeited or still active,
 * had its letter sent twelve days before the period's end, stating what redeeming cost on its last day. Forfeiting
 * one of them needs no manager, and the auction list shows a notice for each of its items.
 */
async function insertDemoNotices(trx: DB, companyId: number, userId: number, today: string, rand: () => number): Promise<void> {
  const ended = await trx
    .selectFrom('loans')
    .select(['id', 'status', 'loan_date', 'maturity_date', 'expiry_date', 'loan_amount', 'interest_rate', 'penalty_rate', 'interest_from', 'branch_id'])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('status', '=', 'forfeited'), eb.and([eb('status', '=', 'active'), eb('expiry_date', '<', today)])]))
    .execute();
  const rows = ended.map((l) => {
        const sentAt = at(addDays(l.expiry_date, -12), rand);
    return { company_id: companyId, loan_id: l.id, expiry_date: l.expiry_date, amount_due: noticeAmountDue(loanFigures(l, 'centavos')), email: null, email_status: 'none' as const, email_error: null, sent_by: userId, sent_at: sentAt, branch_id: l.branch_id };
  });
  await inBatches(rows, async (batch) => void (await trx.insertInto('pawn_notices').values(batch).execute()));
  for (const r of rows) await trx.updateTable('loans').set({ notice_sent_at: r.sent_at }).where('id', '=', r.loan_id).execute();
}

/** The demo pawnshop's branches (decision 0301): its first branch in Quezon City, and Makati and Cebu. */
export const DEMO_BRANCHES = [
  { name: 'Kalinga Pawnshop Quezon City', address: DEMO_PAWNSHOP.pawnshop_address, bsp_registration: DEMO_PAWNSHOP.bsp_registration, ticket_prefix: 'PT' },
  { name: 'Kalinga Pawnshop Makati', address: '2/F 455 Ayala Avenue, Barangay San Lorenzo, Makati City 1223, Metro Manila', bsp_registration: 'PS-07-2021-00982', ticket_prefix: 'MKT' },
  { name: 'Kalinga Pawnshop Cebu', address: 'G/F 27 Osmeña Boulevard, Barangay Kalubihan, Cebu City 6000', bsp_registration: 'PS-07-2022-01233', ticket_prefix: 'CEB' },
] as const;

async function insertDemoBranches(trx: DB, companyId: number): Promise<number[]> {
  const now = nowIso();
  const [first, ...more] = DEMO_BRANCHES;
  const main = await trx.selectFrom('branches').select('id').where('company_id', '=', companyId).orderBy('id').executeTakeFirstOrThrow();
  await trx.updateTable('branches').set({ ...first, updated_at: now }).where('id', '=', main.id).execute();
  const rand = seededRandom(3701);
  const ids = [main.id];
  for (const b of more) ids.push((await trx.insertInto('branches').values({ ...b, company_id: companyId, uuid: uuidFrom(rand), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
  return ids;
}

/** The demo pawnshop (decision 0066): three lending categories, ~200 customers, ~1,000 tickets in every state, and a clerk. */
export async function seedLending(db: DB, _config: AppConfig, ctx: DemoContext): Promise<void> {
  const rand = seededRandom(1010);
  const companyId = ctx.company.id;
  const today = todayIn(ctx.company.timezone);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const version = await bumpVersion(trx, companyId);
    const categories = await insertLendingCategories(trx, companyId, version, rand);
    const customers = makeCustomers(rand, 200, today);
    const loans = makeLoans(rand, { customers: customers.length, count: 1000, today, categories });
    const branchIds = await insertDemoBranches(trx, companyId);
    await insertBook(trx, { companyId, userId: ctx.admin.id, version, rand, customers, loans });
    await trx.updateTable('settings').set(DEMO_PAWNSHOP).where('company_id', '=', companyId).execute();
    await insertDemoNotices(trx, companyId, ctx.admin.id, today, rand);

    // A counter clerk: the lending screens only (the clerk role: view and manage lending).
    const now = nowIso();
    const role = await trx.insertInto('roles').values({ company_id: companyId, name: 'clerk', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const permissions = await trx.selectFrom('permissions').select('id').where('name', 'in', ['view lending', 'manage lending']).execute();
    await trx.insertInto('role_permission').values(permissions.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
    const clerk = await insertUser(trx, { name: 'Liza Kahera', email: 'clerk@demo.kalinga.test', password_hash: passwordHash, user_type: 'personnel', status: 'active', department: 'Pawnshop counter', birth_date: '1994-03-08', created_at: now, updated_at: now });
    await addMember(trx, companyId, clerk.id, true);
    await setUserRoles(trx, companyId, clerk.id, ['clerk']);
    // She works at Quezon City and Makati (she picks one at sign-in), not Cebu.
    await trx.insertInto('user_branches').values(branchIds.slice(0, 2).map((branch_id) => ({ company_id: companyId, user_id: clerk.id, branch_id }))).execute();
    ctx.logins.push({ role: 'clerk', email: clerk.email });
  });
}
