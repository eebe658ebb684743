import {
  addDays,
  type LendingTerms,
  type LoanFigures,
  newLoanFigures,
  type PlannedTransaction,
  planRedemption,
  planRenewal,
} from '@kalinga/contracts/lending/rules';
import type { ItemsTable, LoansTable } from '../db/tables';
import { pick } from './random';

/**
 * A pawnshop's book, made up but kept by the pawn rules (packages/contracts/src/pawn-rules.ts): every
 * ticket's charges and dates come from newLoanFigures/planRenewal, every payment from planRenewal/
 * planRedemption, so the figures agree to the centavo with what the server would have written.
 * Pure and deterministic for a given `rand`; the demo data (seed-lending.ts) and bench/sync.bench.ts use it.
 */

export interface BookCategory {
  id: number;
  uuid: string;
  title: string;
  terms: LendingTerms;
}

export interface BookCustomer {
  first_name: string;
  last_name: string;
  phone_number: string;
  address: string;
  id_type: string;
  id_number: string;
  birth_date: string;
}

/** An item as pawned (money in centavos), and as sold if it was. */
export type BookItem = Pick<
  ItemsTable,
  'description' | 'status' | 'appraisal_value' | 'market_value' | 'selling_price' | 'final_selling_price' | 'sold_at' | 'buyer_name' | 'buyer_contact' | 'sale_notes'
>;

export interface BookTransaction extends PlannedTransaction {
  /** The day of the movement (the counter's day). */
  date: string;
  /** Index into the loan's items, for a sale. */
  item?: number;
}

/** One ticket. Renewals are separate tickets linked by index; the items travel to the newest ticket of the chain. */
export interface BookLoan
  extends Pick<
    LoansTable,
    | 'status' | 'loan_date' | 'maturity_date' | 'expiry_date' | 'renewal_date' | 'redemption_date' | 'forfeiture_date' | 'appraisal_value'
    | 'loan_amount' | 'service_charge' | 'amount_disbursed' | 'paid_interest_amount' | 'paid_penalty_amount' | 'interest_rate' | 'penalty_rate'
  > {
  customer: number;
  category: BookCategory;
  /** Index of the loan this one renewed, and of the loan that renewed it. */
  renewed_from: number | null;
  new_loan: number | null;
  /** The items, on the last ticket of a chain only (earlier tickets' items moved on). */
  items: BookItem[];
  transactions: BookTransaction[];
}

const FIRST = ['Maria', 'Jose', 'Juan', 'Ana', 'Rosario', 'Antonio', 'Teresita', 'Ramon', 'Lourdes', 'Eduardo', 'Corazon', 'Rogelio', 'Marites', 'Danilo', 'Josefina', 'Ernesto', 'Erlinda', 'Renato', 'Gloria', 'Romeo', 'Jocelyn', 'Arnel', 'Rowena', 'Jericho', 'Kristine', 'Mark Anthony', 'Jennifer', 'John Paul', 'Mary Grace', 'Rhea'];
const LAST = ['Dela Cruz', 'Santos', 'Reyes', 'Garcia', 'Mendoza', 'Bautista', 'Villanueva', 'Ramos', 'Aquino', 'Castillo', 'Manalo', 'Pascual', 'Soriano', 'Tolentino', 'Navarro', 'Fernandez', 'Gonzales', 'Lopez', 'Salazar', 'Mercado', 'Dizon', 'Domingo', 'Cruz', 'Panganiban', 'Macaraeg'];
const PLACES = ['Brgy. Commonwealth, Quezon City', 'Brgy. Batasan Hills, Quezon City', 'Brgy. Holy Spirit, Quezon City', 'Brgy. Tandang Sora, Quezon City', 'Brgy. San Isidro, Marikina', 'Brgy. Concepcion Uno, Marikina', 'Brgy. Malanday, Valenzuela', 'Brgy. Bagong Silang, Caloocan', 'Brgy. Tatalon, Quezon City', 'Brgy. Payatas, Quezon City'];
const STREETS = ['Mabini St.', 'Rizal Ave.', 'Bonifacio St.', 'Luna St.', 'Sampaguita St.', 'Kamagong St.', 'Narra St.', 'Molave St.'];
type Digits = (n: number) => string;
const IDS: [string, (d: Digits) => string][] = [
  ['PhilSys ID', (d) => `${d(4)}-${d(4)}-${d(4)}-${d(4)}`],
  ["Driver's License", (d) => `N${d(2)}-${d(2)}-${d(6)}`],
  ['UMID', (d) => `${d(4)}-${d(7)}-${d(1)}`],
  ['Postal ID', (d) => `PRN ${d(12)}`],
  ['Passport', (d) => `P${d(7)}A`],
  ["Voter's ID", (d) => `${d(4)}-${d(4)}A${d(3)}`],
];
const MOBILE_PREFIXES = ['0917', '0918', '0919', '0920', '0921', '0927', '0928', '0935', '0945', '0955', '0966', '0977', '0995', '0998'];

const THINGS: Record<string, [string, number, number][]> = {
  // [description, appraised from, to] in pesos
  Jewellery: [
    ['18k gold necklace', 20_000, 38_000],
    ['18k gold ring with small diamond', 8_000, 25_000],
    ['21k gold bangle', 35_000, 60_000],
    ['14k gold earrings, pair', 3_000, 9_000],
    ['18k gold bracelet', 12_000, 22_000],
    ['Wedding band, 18k', 5_000, 12_000],
  ],
  Gadgets: [
    ['Smartphone, Samsung Galaxy A55, 256 GB', 6_000, 12_000],
    ['iPhone 13, 128 GB', 12_000, 20_000],
    ['Laptop, Acer Aspire 5', 8_000, 18_000],
    ['Tablet, iPad 9th gen', 7_000, 12_000],
    ['DSLR camera, Canon EOS 2000D with kit lens', 8_000, 15_000],
    ['Smartwatch, Apple Watch SE', 4_000, 8_000],
  ],
  Appliances: [
    ['Inverter aircon, 1 HP window type', 6_000, 12_000],
    ['LED TV, 43 inch', 5_000, 10_000],
    ['Refrigerator, two-door 7 cu ft', 6_000, 11_000],
    ['Washing machine, twin tub', 2_500, 5_000],
    ['Electric fan, stand type', 500, 1_200],
    ['Rice cooker, 1.8 L', 600, 1_500],
  ],
};
const BUYERS = ['Lorna Pineda', 'Ricardo Samonte', 'Grace Abad', 'Wilfredo Lim', 'Cecilia Ong', 'Nestor Ilagan'];

function digitsOf(rand: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rand() * 10);
  return s;
}
const between = (rand: () => number, from: number, to: number) => from + Math.floor(rand() * (to - from + 1));
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
/** A peso amount rounded down to ₱100, in centavos. */
const hundreds = (pesos: number) => Math.floor(pesos / 100) * 100 * 100;

export function makeCustomers(rand: () => number, count: number, today: string): BookCustomer[] {
  const digits = (n: number) => digitsOf(rand, n);
  const year = Number(today.slice(0, 4));
  return Array.from({ length: count }, () => {
    const [idType, idNumber] = pick(rand, IDS);
    return {
      first_name: pick(rand, FIRST),
      last_name: pick(rand, LAST),
      phone_number: `${pick(rand, MOBILE_PREFIXES)} ${digits(3)} ${digits(4)}`,
      address: `${between(rand, 1, 250)} ${pick(rand, STREETS)}, ${pick(rand, PLACES)}`,
      id_type: idType,
      id_number: idNumber(digits),
      birth_date: `${year - between(rand, 20, 70)}-${String(between(rand, 1, 12)).padStart(2, '0')}-${String(between(rand, 1, 28)).padStart(2, '0')}`,
    };
  });
}

function figuresOf(loan: BookLoan): LoanFigures {
  return { status: 'active', loan_date: loan.loan_date, maturity_date: loan.maturity_date, expiry_date: loan.expiry_date, loan_amount: loan.loan_amount, interest_rate: loan.interest_rate, penalty_rate: loan.penalty_rate };
}

function ticket(customer: number, category: BookCategory, loanDate: string, loanAmount: number, appraisal: number, renewedFrom: number | null): BookLoan {
  const f = newLoanFigures({ loan_date: loanDate, loan_amount: loanAmount, appraisal_value: appraisal, terms: category.terms });
  return {
    customer, category, status: 'active', loan_date: loanDate, maturity_date: f.maturity_date, expiry_date: f.expiry_date,
    renewal_date: null, redemption_date: null, forfeiture_date: null, appraisal_value: appraisal, loan_amount: loanAmount,
    service_charge: f.service_charge, amount_disbursed: f.amount_disbursed, paid_interest_amount: 0, paid_penalty_amount: 0,
    interest_rate: category.terms.interest_rate, penalty_rate: category.terms.penalty_rate, renewed_from: renewedFrom, new_loan: null,
    items: [], transactions: f.amount_disbursed > 0 ? [{ type: 'disbursement', amount: f.amount_disbursed, date: loanDate }] : [],
  };
}

/**
 * Tickets of `customers` customers until there are at least `count`, started over the 14 months before
 * `today`. Each chain: a ticket, perhaps renewed (new ticket, interest paid), ending redeemed, forfeited (its
 * items then perhaps for sale or sold), still active, or active past expiry (waiting to be forfeited).
 */
export function makeLoans(rand: () => number, opts: { customers: number; count: number; today: string; categories: BookCategory[] }): BookLoan[] {
  const loans: BookLoan[] = [];
  const described = new Set<string>();
  while (loans.length < opts.count) {
    const customer = Math.floor(rand() * opts.customers);
    const category = pick(rand, opts.categories);
    const things = THINGS[category.title] ?? THINGS.Jewellery;
    const items: BookItem[] = Array.from({ length: rand() < 0.7 ? 1 : between(rand, 2, 3) }, () => {
      const [kind, from, to] = pick(rand, things);
      const description = identified(rand, kind, category.title, described);
      const appraisal = hundreds(between(rand, from, to));
      return { description, status: 'pawned', appraisal_value: appraisal, market_value: Math.round(appraisal * (1.15 + rand() * 0.2)), selling_price: null, final_selling_price: null, sold_at: null, buyer_name: null, buyer_contact: null, sale_notes: null };
    });
    const appraisal = items.reduce((s, i) => s + i.appraisal_value, 0);
    const amount = Math.max(10_000, hundreds(((appraisal / 100) * (0.6 + rand() * 0.2))));
    let loan = ticket(customer, category, addDays(opts.today, -between(rand, 0, 425)), amount, appraisal, null);
    loans.push(loan);
    for (;;) {
      const fate = rand();
      const lastDay = loan.expiry_date < opts.today ? loan.expiry_date : opts.today;
      const span = Math.max(0, daysBetween(loan.loan_date, lastDay));
      if (fate < 0.3 && loan.category.terms.is_renewable && daysBetween(loan.maturity_date, lastDay) >= -5) {
        // Renewed around maturity (up to the expiry date, never after today).
        const on = addDays(loan.loan_date, between(rand, Math.max(0, span - 40), span));
        const plan = planRenewal({ ...figuresOf(loan), appraisal_value: loan.appraisal_value }, loan.category.terms, on);
        const next = ticket(customer, category, on, loan.loan_amount, loan.appraisal_value, loans.length - 1);
        next.service_charge = plan.next.service_charge;
        next.amount_disbursed = 0;
        next.transactions = plan.transactions.newLoan.map((t) => ({ ...t, date: on }));
        Object.assign(loan, { status: 'renewed', renewal_date: on, new_loan: loans.length, paid_interest_amount: plan.due.interest, paid_penalty_amount: plan.due.penalty });
        loan.transactions.push(...plan.transactions.oldLoan.map((t) => ({ ...t, date: on })));
        loans.push(next);
        loan = next;
        continue;
      }
      if (fate < 0.75 && (loan.expiry_date < opts.today || rand() < 0.5)) {
        const on = addDays(loan.loan_date, between(rand, Math.min(span, 7), span));
        const plan = planRedemption(figuresOf(loan), on);
        Object.assign(loan, { status: 'redeemed', redemption_date: on, paid_interest_amount: plan.due.interest, paid_penalty_amount: plan.due.penalty });
        loan.transactions.push(...plan.transactions.map((t) => ({ ...t, date: on })));
        for (const item of items) item.status = 'redeemed';
      } else if (loan.expiry_date < opts.today && daysBetween(loan.expiry_date, opts.today) > 20 && rand() < 0.85) {
        const on = addDays(loan.expiry_date, between(rand, 1, Math.min(20, daysBetween(loan.expiry_date, opts.today))));
        Object.assign(loan, { status: 'forfeited', forfeiture_date: on });
        items.forEach((item, index) => sellOrKeep(rand, loan, item, index, on, opts.today));
      }
      // Otherwise still active: within its term, or past expiry waiting to be forfeited.
      loan.items = items;
      break;
    }
  }
  return loans;
}

/**
 * What the appraiser writes on the tag: the kind of thing and what tells it apart (a jewel's weight and tag
 * number, a device's serial number), never the same twice in a book, as a clerk picks items by it.
 */
function identified(rand: () => number, kind: string, category: string, used: Set<string>): string {
  for (;;) {
    const mark = category === 'Jewellery' ? `${(1 + rand() * 14).toFixed(1)} g, tag ${digitsOf(rand, 5)}` : `S/N ${pick(rand, ['R5', 'C02', 'SN', 'F9', 'DMP'])}${digitsOf(rand, 7)}`;
    const text = `${kind}, ${mark}`;
    if (!used.has(text)) {
      used.add(text);
      return text;
    }
  }
}

/** A forfeited item stays forfeited, is put up for sale, or is sold (with its sale transaction). */
function sellOrKeep(rand: () => number, loan: BookLoan, item: BookItem, index: number, forfeited: string, today: string): void {
  const r = rand();
  item.status = 'forfeited';
  if (r < 0.25) return;
  item.status = 'for_sale';
  item.selling_price = Math.round((item.market_value ?? item.appraisal_value) / 10_000) * 10_000;
  if (r < 0.6 || daysBetween(forfeited, today) < 3) return;
  const soldOn = addDays(forfeited, between(rand, 2, daysBetween(forfeited, today)));
  item.status = 'sold';
  item.final_selling_price = Math.round((item.selling_price * (0.9 + rand() * 0.1)) / 100) * 100;
  item.sold_at = `${soldOn}T0${between(rand, 1, 8)}:${between(rand, 10, 59)}:00.000Z`;
  item.buyer_name = pick(rand, BUYERS);
  item.buyer_contact = `${pick(rand, MOBILE_PREFIXES)} ${digitsOf(rand, 3)} ${digitsOf(rand, 4)}`;
  item.sale_notes = rand() < 0.5 ? 'Sold at the counter, cash.' : null;
  loan.transactions.push({ type: 'sale', amount: item.final_selling_price, date: soldOn, item: index });
}
