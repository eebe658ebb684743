import { amountsDue, newLoanFigures, serviceCharge } from '@kalinga/contracts/lending/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import type { CategoryRow, ItemRow, LoanRow, TransactionRow } from '../db/tables';
import { makeCustomers, makeLoans } from './lending-book';
import { seededRandom } from './random';
import { type DemoContext, DEMO_PASSWORD, seedFoundation } from './seed-foundation';
import { DEMO_PAWNSHOP, LENDING_TERMS, seedLending } from './seed-lending';
import { todayIn } from '@kalinga/contracts/zone-time';

let t: TestApp;
let ctx: DemoContext;
let loans: LoanRow[];
let items: ItemRow[];
let transactions: TransactionRow[];
let categories: CategoryRow[];
let seconds: number;

beforeAll(async () => {
  t = await createTestApp();
  ctx = await seedFoundation(t.db);
  const started = performance.now();
  await seedLending(t.db, t.config, ctx);
  seconds = (performance.now() - started) / 1000;
  const company = ctx.company.id;
  loans = await t.db.selectFrom('loans').selectAll().where('company_id', '=', company).orderBy('id').execute();
  items = await t.db.selectFrom('items').selectAll().where('company_id', '=', company).orderBy('id').execute();
  transactions = await t.db.selectFrom('transactions').selectAll().where('company_id', '=', company).orderBy('id').execute();
  categories = await t.db.selectFrom('categories').selectAll().where('company_id', '=', company).orderBy('id').execute();
  if (process.env.SEED_STATS) {
    const count = (xs: string[]) => Object.fromEntries([...new Set(xs)].map((x) => [x, xs.filter((y) => y === x).length]));
    console.log('loans', count(loans.map((l) => l.status)), 'items', count(items.map((i) => i.status)), 'transactions', count(transactions.map((x) => x.type)), 'seconds', seconds.toFixed(2));
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

const sum = (rows: TransactionRow[], type: TransactionRow['type']) => rows.filter((r) => r.type === type).reduce((s, r) => s + Number(r.amount), 0);

describe('lending demo data', () => {
  it('is quick to seed, and the same book every time', () => {
    expect(seconds).toBeLessThan(15);
    const book = () => {
      const rand = seededRandom(7);
      const cats = [{ id: 1, uuid: 'c', title: 'Jewellery', terms: { ...LENDING_TERMS, interest_rate: 3, penalty_rate: 2 } }];
      return JSON.stringify([makeCustomers(rand, 20, '2026-11-23'), makeLoans(rand, { customers: 20, count: 100, today: '2026-11-23', categories: cats })]);
    };
    expect(book()).toBe(book());
  });

  it('has three lending categories, ~200 customers and ~1,000 tickets in every state, with ordered ticket numbers', async () => {
    expect(categories.filter((c) => c.loan_period_expiry === 90).map((c) => c.title)).toEqual(['Jewellery', 'Gadgets', 'Appliances']);
    const { n } = await t.db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', ctx.company.id).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(200);
    expect(loans.length).toBeGreaterThanOrEqual(1000);
    expect(loans.length).toBeLessThan(1010);
    expect(new Set(loans.map((l) => l.status))).toEqual(new Set(['active', 'renewed', 'redeemed', 'forfeited']));
    const today = todayIn(ctx.company.timezone);
    expect(loans.filter((l) => l.status === 'active' && l.expiry_date < today).length).toBeGreaterThan(5);
    expect(loans.filter((l) => l.status === 'active' && l.expiry_date >= today).length).toBeGreaterThan(50);
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(['pawned', 'redeemed', 'forfeited', 'for_sale', 'sold']));
    // Three branches, each numbering its own tickets in loan-date order (decision 0301).
    const branches = await t.db.selectFrom('branches').selectAll().where('company_id', '=', ctx.company.id).orderBy('id').execute();
    expect(branches.map((b) => b.ticket_prefix)).toEqual(['PT', 'MKT', 'CEB']);
    for (const branch of branches) {
      const own = loans.filter((l) => l.branch_id === branch.id);
      expect(own.length).toBeGreaterThan(100);
      const numbers = [...own].sort((a, b) => a.loan_date.localeCompare(b.loan_date) || a.id - b.id).map((l) => Number(l.pawn_ticket_number.slice(-6)));
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      expect(own.every((l) => l.pawn_ticket_number === `${branch.ticket_prefix}-${l.loan_date.slice(0, 4)}-${l.pawn_ticket_number.slice(-6)}`)).toBe(true);
      expect(Number(branch.last_ticket_number)).toBe(own.length);
    }
    expect(items.every((i) => branches.some((b) => b.id === i.branch_id))).toBe(true);
    const counter = await t.db.selectFrom('lending_counters').selectAll().where('company_id', '=', ctx.company.id).executeTakeFirstOrThrow();
    expect(new Set([...loans, ...items, ...transactions].map((r) => r.version))).toEqual(new Set([counter.sync_version]));
  });

  it('keeps the book: every ticket follows the pawn rules and its transactions add up to what it records as paid', () => {
    const byLoan = new Map<number, TransactionRow[]>();
    for (const tx of transactions) byLoan.set(tx.loan_id, [...(byLoan.get(tx.loan_id) ?? []), tx]);
    const category = new Map(categories.map((c) => [c.id, c]));
    for (const loan of loans) {
      const c = category.get(loan.category_id)!;
      const f = newLoanFigures({ loan_date: loan.loan_date, loan_amount: Number(loan.loan_amount), appraisal_value: Number(loan.appraisal_value), terms: { ...c, is_renewable: true, fast_depreciating: c.fast_depreciating === 1, is_extendable: c.is_extendable === 1, advance_interest: 'none' } });
      expect([loan.maturity_date, loan.expiry_date, Number(loan.service_charge)]).toEqual([f.maturity_date, f.expiry_date, serviceCharge(Number(loan.loan_amount))]);
      expect(Number(loan.loan_amount)).toBeLessThanOrEqual(Number(loan.appraisal_value));
      const txs = byLoan.get(loan.id) ?? [];
      expect(txs.every((tx) => Number(tx.amount) > 0)).toBe(true);
      expect(sum(txs, 'disbursement')).toBe(Number(loan.amount_disbursed));
      expect(sum(txs, 'interest')).toBe(Number(loan.paid_interest_amount));
      expect(sum(txs, 'penalty')).toBe(Number(loan.paid_penalty_amount));
      expect(sum(txs, 'redemption')).toBe(loan.status === 'redeemed' ? Number(loan.loan_amount) : 0);
      if (loan.renewed_from) expect(sum(txs, 'renewal')).toBe(Number(loan.service_charge));
      const closed = loan.redemption_date ?? loan.renewal_date;
      if (closed) {
        const due = amountsDue({ ...loan, status: 'active', loan_amount: Number(loan.loan_amount), interest_rate: Number(loan.interest_rate), penalty_rate: Number(loan.penalty_rate) }, closed);
        expect([Number(loan.paid_interest_amount), Number(loan.paid_penalty_amount)]).toEqual([due.interest, due.penalty]);
        expect(closed <= loan.expiry_date || loan.status === 'redeemed').toBe(true);
      }
    }
  });

  it("items match their loan's state; renewals link both ways and move the items; each sale has its transaction", () => {
    const byUuid = new Map(loans.map((l) => [l.uuid, l]));
    const allowed: Record<LoanRow['status'], string[]> = { active: ['pawned'], redeemed: ['redeemed'], forfeited: ['forfeited', 'for_sale', 'sold'], renewed: [] };
    for (const item of items) {
      const loan = byUuid.get(item.loan_uuid)!;
      expect(allowed[loan.status], `${loan.status} ${item.status}`).toContain(item.status);
      expect(item.loan_id).toBe(loan.id);
      expect(item.customer_uuid).toBe(loan.customer_uuid);
    }
    for (const loan of loans.filter((l) => l.status !== 'renewed')) expect(items.some((i) => i.loan_id === loan.id)).toBe(true);
    for (const loan of loans.filter((l) => l.status === 'renewed')) {
      const next = byUuid.get(loan.new_loan!)!;
      expect([next.renewed_from, next.loan_date, next.loan_amount]).toEqual([loan.uuid, loan.renewal_date, loan.loan_amount]);
    }
    for (const item of items.filter((i) => i.status === 'sold')) {
      const sale = transactions.filter((tx) => tx.type === 'sale' && tx.item_uuid === item.uuid);
      expect(sale.map((tx) => Number(tx.amount))).toEqual([Number(item.final_selling_price)]);
      expect(item.buyer_name && item.sold_at && item.selling_price).toBeTruthy();
    }
    expect(items.filter((i) => i.status === 'for_sale').every((i) => Number(i.selling_price) > 0)).toBe(true);
    // A clerk picks items by their tag: no two alike.
    expect(new Set(items.map((i) => i.description)).size).toBe(items.length);
  });

  it('gives the demo clerk the lending screens only', async () => {
    expect(ctx.logins).toContainEqual({ role: 'clerk', email: 'clerk@demo.kalinga.test' });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'clerk@demo.kalinga.test', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/loans?status=expired', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/sync?table=loans&chunk_size=5', headers })).json().meta.total).toBe(loans.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments', headers })).statusCode).toBe(403);
  });
});

describe('the demo pawnshop on its tickets (decision 0220)', () => {
  it('has a lending business name, address and BSP registration of its own', async () => {
    const s = await t.db.selectFrom('settings').select(['business_name', 'pawnshop_name', 'pawnshop_address', 'bsp_registration']).where('company_id', '=', ctx.company.id).executeTakeFirstOrThrow();
    expect(s).toMatchObject(DEMO_PAWNSHOP);
    expect(s.pawnshop_name).not.toBe(s.business_name);
    expect(s.bsp_registration).toMatch(/\S/);
  });
});

describe('the demo notices (decision 0217)', () => {
  it('every ticket whose redemption period ended had its notice sent before the end, so it may be forfeited', async () => {
    const today = todayIn(ctx.company.timezone);
    const ended = loans.filter((l) => l.status === 'forfeited' || (l.status === 'active' && l.expiry_date < today));
    expect(ended.length).toBeGreaterThan(0);
    const notices = await t.db.selectFrom('pawn_notices').select(['loan_id', 'sent_at', 'expiry_date']).where('company_id', '=', ctx.company.id).execute();
    const byLoan = new Map(notices.map((n) => [n.loan_id, n]));
    for (const l of ended) {
      const notice = byLoan.get(l.id);
      expect((notice?.sent_at ?? '9999').slice(0, 10) < l.expiry_date).toBe(true);
      expect(l.notice_sent_at).toBe(notice?.sent_at);
    }
  });
});
