import { MATURING_WITHIN_DAYS, RECENT_LOANS } from '@kalinga/contracts/lending/schemas';
import { addDays } from '@kalinga/contracts/lending/rules';
import { db, MAX_KEY, MIN_KEY } from '../../../offline/database';
import type { LocalCategory, LocalCustomer, LocalItem, LocalLoan, LocalTransaction } from '../../../offline/db';

// The lending screens' reads from the local store, as plain async functions (lending-queries.ts makes them live).
// Lists page inside IndexedDB with the indexes of SCHEMA_V15: a page of 25 rows reaches React, never the book.

export const LENDING_PAGE_SIZE = 25;

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  lastPage: number;
}

function pageInfo(total: number, page: number, perPage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return { total, page: Math.min(Math.max(1, page), lastPage), lastPage };
}

function slice<T>(all: T[], page: number, perPage: number): Page<T> {
  const info = pageInfo(all.length, page, perPage);
  return { ...info, rows: all.slice((info.page - 1) * perPage, info.page * perPage) };
}

const byName = (a: LocalCustomer, b: LocalCustomer) =>
  a.last_name.localeCompare(b.last_name, 'en') || a.first_name.localeCompare(b.first_name, 'en');

function tokensOf(search: string): string[] {
  return search.toLowerCase().trim().split(/\s+/).filter(Boolean);
}

/** Customers whose searchTerms start with every typed word (name words and phone), sorted by last + first name. */
export async function matchingCustomers(search: string): Promise<LocalCustomer[]> {
  const [first, ...rest] = tokensOf(search);
  if (!first) return [];
  const found = await db.customers
    .where('searchTerms')
    .startsWith(first)
    .distinct()
    .filter((c) => rest.every((t) => (c.searchTerms ?? []).some((term) => term.startsWith(t))))
    .toArray();
  return found.sort(byName);
}

export async function customerPage(input: { search: string; page: number; perPage?: number }): Promise<Page<LocalCustomer>> {
  const perPage = input.perPage ?? LENDING_PAGE_SIZE;
  if (tokensOf(input.search).length > 0) return slice(await matchingCustomers(input.search), input.page, perPage);
  const info = pageInfo(await db.customers.count(), input.page, perPage);
  const rows = await db.customers
    .orderBy('[last_name+first_name]')
    .offset((info.page - 1) * perPage)
    .limit(perPage)
    .toArray();
  return { ...info, rows };
}

// ---------- loans ----------

export const LOAN_TABS = ['recent', 'active', 'maturing', 'expired', 'renewed', 'redeemed', 'forfeited'] as const;
export type LoanTab = (typeof LOAN_TABS)[number];

export type LoanPage = Omit<Page<LoanRow>, 'total' | 'lastPage'> & { total: number | null; lastPage: number | null };

export interface LoanRow {
  loan: LocalLoan;
  customer: LocalCustomer | undefined;
}

/** Whether a loan belongs on a tab on the counter's day `today`. */
export function onTab(loan: LocalLoan, tab: LoanTab, today: string): boolean {
  switch (tab) {
    case 'recent':
      return true;
    case 'maturing':
      return loan.status === 'active' && loan.maturity_date >= today && loan.maturity_date <= addDays(today, MATURING_WITHIN_DAYS);
    case 'expired':
      return loan.status === 'active' && loan.expiry_date < today;
    default:
      return loan.status === tab;
  }
}

async function withCustomers(loans: LocalLoan[]): Promise<LoanRow[]> {
  const uuids = [...new Set(loans.map((l) => l.customer_uuid))];
  const customers = await db.customers.bulkGet(uuids);
  const byUuid = new Map(customers.filter((c): c is LocalCustomer => c !== undefined).map((c) => [c.uuid, c]));
  return loans.map((loan) => ({ loan, customer: byUuid.get(loan.customer_uuid) }));
}

const newestFirst = (a: LocalLoan, b: LocalLoan) => b.loan_date.localeCompare(a.loan_date) || b.created_at.localeCompare(a.created_at);

/** Loans whose ticket number contains the text, or whose customer matches it. */
async function searchLoans(search: string): Promise<LocalLoan[]> {
  const text = search.trim().toLowerCase();
  // Only the ticket index's keys are read to match ticket numbers, not the rows.
  const tickets = (await db.loans.orderBy('pawn_ticket_number').uniqueKeys()).filter((k) => String(k).toLowerCase().includes(text));
  const customers = await matchingCustomers(search);
  const [byTicket, byCustomer] = await Promise.all([
    tickets.length ? db.loans.where('pawn_ticket_number').anyOf(tickets).toArray() : Promise.resolve([]),
    customers.length ? db.loans.where('customer_uuid').anyOf(customers.map((c) => c.uuid)).toArray() : Promise.resolve([]),
  ]);
  const all = new Map([...byTicket, ...byCustomer].map((l) => [l.uuid, l]));
  return [...all.values()];
}

/**
 * The most recently written loans, newest first. The created_at index leaves out a row without a usable created_at
 * (IndexedDB indexes only valid keys): while every row is in the index it is read there; otherwise the loans are
 * sorted here, so a row the index lacks still counts and shows (the Recent tab said "no loans" beside a full book).
 */
async function recentLoans(start: number, size: number): Promise<LocalLoan[]> {
  const [indexed, all] = await Promise.all([db.loans.orderBy('created_at').count(), db.loans.count()]);
  if (indexed === all) return db.loans.orderBy('created_at').reverse().offset(start).limit(size).toArray();
  const when = (l: LocalLoan) => (typeof l.created_at === 'string' ? l.created_at : '') || l.loan_date || '';
  return (await db.loans.toArray()).sort((a, b) => when(b).localeCompare(when(a))).slice(start, start + size);
}

const activeOldestFirst = () => db.loans.where('[status+loan_date]').between(['active', MIN_KEY], ['active', MAX_KEY]);

/** How many loans a date tab holds (every active loan is read): asked apart from the page so rows show first. */
export async function loanCount(tab: LoanTab, today: string): Promise<number> {
  return activeOldestFirst()
    .filter((l) => onTab(l, tab, today))
    .count();
}

/** A page of loans; on the date tabs (Maturing, Expired) without a search, total and lastPage are null (see loanCount). */
export async function loanPage(input: { tab: LoanTab; search: string; page: number; today: string; perPage?: number }): Promise<LoanPage> {
  const { tab, today } = input;
  const perPage = input.perPage ?? LENDING_PAGE_SIZE;
  let result: Page<LocalLoan>;
  if (input.search.trim()) {
    const found = (await searchLoans(input.search)).filter((l) => onTab(l, tab, today)).sort(newestFirst);
    result = slice(tab === 'recent' ? found.slice(0, RECENT_LOANS) : found, input.page, perPage);
  } else if (tab === 'recent') {
    const info = pageInfo(Math.min(await db.loans.count(), RECENT_LOANS), input.page, perPage);
    const start = (info.page - 1) * perPage;
    const size = Math.min(perPage, RECENT_LOANS - start);
    result = { ...info, rows: await recentLoans(start, size) };
  } else if (tab === 'maturing' || tab === 'expired') {
    // Active loans filtered by date inside IndexedDB's cursor, oldest loan first (about the soonest maturity or
    // oldest expiry): the cursor stops once the page is full. The total is counted apart (loanCount), as it
    // reads every active loan.
    const rows = await activeOldestFirst()
      .filter((l) => onTab(l, tab, today))
      .offset((Math.max(1, input.page) - 1) * perPage)
      .limit(perPage)
      .toArray();
    return { rows: await withCustomers(rows), total: null, page: Math.max(1, input.page), lastPage: null };
  } else {
    const info = pageInfo(await db.loans.where('status').equals(tab).count(), input.page, perPage);
    const rows = await db.loans
      .where('[status+loan_date]')
      .between([tab, MIN_KEY], [tab, MAX_KEY])
      .reverse()
      .offset((info.page - 1) * perPage)
      .limit(perPage)
      .toArray();
    result = { ...info, rows };
  }
  return { ...result, rows: await withCustomers(result.rows) };
}

/** A loan's items: the items table holds every item (also those added later); the nested copy is the fallback. */
/**
 * A loan's items in the order they were entered (the items table comes back by uuid): the server numbers them in
 * that order (id); items not on the server yet follow, in the order the device wrote them (the loan's own list, which
 * a local write keeps in order), then oldest first.
 */
async function itemsOfLoan(loan: LocalLoan): Promise<LocalItem[]> {
  const stored = await db.items.where('loan_uuid').equals(loan.uuid).toArray();
  if (stored.length === 0) return loan.items ?? [];
  const written = new Map((loan.items ?? []).map((item, index) => [item.uuid, index]));
  const last = Number.MAX_SAFE_INTEGER;
  const byId = (item: LocalItem) => (typeof item.id === 'number' ? item.id : last);
  const byList = (item: LocalItem) => written.get(item.uuid) ?? last;
  return stored.sort((a, b) => byId(a) - byId(b) || byList(a) - byList(b) || String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')));
}

export interface LoanDetail {
  loan: LocalLoan;
  items: LocalItem[];
  transactions: LocalTransaction[];
  customer: LocalCustomer | undefined;
  category: LocalCategory | undefined;
  renewedFrom: LocalLoan | undefined;
  renewedTo: LocalLoan | undefined;
}

/** A loan with its items, transactions (oldest first), customer, category and the loans a renewal links; null when not here. */
export async function loanDetail(uuid: string): Promise<LoanDetail | null> {
  const loan = await db.loans.get(uuid);
  if (!loan) return null;
  const [items, transactions, customer, category, renewedFrom, renewedTo] = await Promise.all([
    itemsOfLoan(loan),
    db.transactions.where('loan_uuid').equals(uuid).sortBy('created_at'),
    db.customers.get(loan.customer_uuid),
    db.categories.get(loan.category_uuid),
    loan.renewed_from ? db.loans.get(loan.renewed_from) : Promise.resolve(undefined),
    loan.new_loan ? db.loans.get(loan.new_loan) : Promise.resolve(undefined),
  ]);
  return { loan, items, transactions, customer, category, renewedFrom, renewedTo };
}

export interface CustomerDetail {
  customer: LocalCustomer;
  loans: LocalLoan[];
  items: LocalItem[];
}

export async function customerDetail(uuid: string): Promise<CustomerDetail | null> {
  const customer = await db.customers.get(uuid);
  if (!customer) return null;
  const [loans, items] = await Promise.all([
    db.loans.where('customer_uuid').equals(uuid).toArray(),
    db.items.where('customer_uuid').equals(uuid).toArray(),
  ]);
  return { customer, loans: loans.sort(newestFirst), items };
}

// ---------- items ----------

export const ITEM_TABS = ['forfeited', 'for_sale', 'sold'] as const;
export type ItemTab = (typeof ITEM_TABS)[number];

export interface ItemRow {
  item: LocalItem;
  loan: LocalLoan | undefined;
  customer: LocalCustomer | undefined;
}

/** Items of one status, most recently changed first, with their ticket and pawner. */
export async function itemPage(input: { status: ItemTab; page: number; perPage?: number }): Promise<Page<ItemRow>> {
  const perPage = input.perPage ?? LENDING_PAGE_SIZE;
  const all = await db.items.where('status').equals(input.status).reverse().sortBy('updated_at');
  const page = slice(all, input.page, perPage);
  const loans = await db.loans.bulkGet([...new Set(page.rows.map((i) => i.loan_uuid))]);
  const loanBy = new Map(loans.filter((l): l is LocalLoan => l !== undefined).map((l) => [l.uuid, l]));
  const customers = await db.customers.bulkGet([...new Set(page.rows.map((i) => i.customer_uuid))]);
  const customerBy = new Map(customers.filter((c): c is LocalCustomer => c !== undefined).map((c) => [c.uuid, c]));
  return { ...page, rows: page.rows.map((item) => ({ item, loan: loanBy.get(item.loan_uuid), customer: customerBy.get(item.customer_uuid) })) };
}

/** The categories a ticket may take, by title. */
export async function lendingCategories(): Promise<LocalCategory[]> {
  // The Categories screen keeps counselling categories in the same table: a ticket is written only in a lending one.
  return (await db.categories.toArray()).filter((c) => c.kind !== 'counselling').sort((a, b) => a.title.localeCompare(b.title, 'en'));
}

/** Why the server rejected a record's last change: record.sync_error, else the failed queue entry's sentence. */
export async function syncErrorOf(record: { uuid: string; sync_status?: string; sync_error?: string }): Promise<string | null> {
  if (record.sync_status !== 'failed') return null;
  if (record.sync_error) return record.sync_error;
  const entry = await db.syncQueue
    .where('status')
    .equals('failed')
    .filter((e) => e.data.uuid === record.uuid)
    .last();
  return entry?.error ?? null;
}
