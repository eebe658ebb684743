// One file over 300 lines on purpose: the figures of a loan (money, its dates, what is due, what may happen) are one
// set of rules that the server and the offline book must compute alike; the redemption period and the register
// already live in their own modules, re-exported here so both sides import one name.

/**
 * The pawn rules, pure: the server applies them and the browser previews them offline with the same figures.
 * Money is integer centavos everywhere in this module; calendar dates are 'YYYY-MM-DD' strings.
 * Why these rules: docs/decisions/0060-lending-rules-money-idempotency-cursor.md; the Philippine redemption
 * period, interest after maturity and the 30 % floor: 0180-0182 (pawn-redemption.ts).
 */

import { inRedemptionPeriod, isBelowLowLoanFloor, LOW_LOAN_NEEDS_REQUEST, redemptionPeriodDays } from './redemption';

export * from './redemption';
export * from './register';

export const LOAN_STATUSES = ['active', 'renewed', 'redeemed', 'forfeited'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const ITEM_STATUSES = ['pawned', 'redeemed', 'forfeited', 'for_sale', 'sold'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const TRANSACTION_TYPES = ['disbursement', 'interest', 'penalty', 'redemption', 'renewal', 'sale'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export type LoanPeriodType = 'day' | 'week' | 'month' | 'year';

/** Service charge: 1 % of the principal, at most PHP 5.00 (BSP Circular 787). */
export const SERVICE_CHARGE_PERCENT = 1;
export const SERVICE_CHARGE_CAP = 500;

/** The lending terms a loan takes from its category when it is written. */
export interface LendingTerms {
  /** Percent per month, e.g. 3 = 3 % a month. */
  interest_rate: number;
  /** Percent per month after maturity. */
  penalty_rate: number;
  loan_period: number;
  loan_period_type: LoanPeriodType | string;
  /** Days after maturity to redeem or renew (the redemption period: never below its floor, see redemptionPeriodDays). */
  loan_period_expiry: number;
  is_renewable: boolean;
  /** Fast-depreciating items (gadgets): a redemption period of at least 30 days instead of 90 (decision 0180). */
  fast_depreciating?: boolean;
  /** Paying the interest due extends the loan by a term without a new ticket (decision 0189); left out, as is_renewable. */
  is_extendable?: boolean;
  /** The first term's interest deducted from the proceeds ('one_term', at most a year's) or none (decision 0219); left out, none. */
  advance_interest?: AdvanceInterest;
}

/** Interest deducted in advance: none, or the first term's (decision 0219). */
export const ADVANCE_INTEREST = ['none', 'one_term'] as const;
export type AdvanceInterest = (typeof ADVANCE_INTEREST)[number];
/** Never more than a year's interest is taken in advance (the standard terms of Philippine tickets, decision 0183). */
export const MAX_ADVANCE_MONTHS = 12;
export const ADVANCE_LEAVES_NOTHING = 'The interest deducted in advance and the service charge leave nothing to pay out: lend more, or use a category without advance interest.';

/** The money and dates of a loan, as the rules need them (centavos, calendar dates). */
export interface LoanFigures {
  status: LoanStatus;
  loan_date: string;
  maturity_date: string;
  expiry_date: string;
  loan_amount: number;
  interest_rate: number;
  penalty_rate: number;
  /** After an extension: the day the interest is paid to; it runs again from the day after (decision 0189). Null: from the loan date. */
  interest_from?: string | null;
}

// ---------- money ----------

/** Pesos (at most two decimals) to centavos. */
export function toCentavos(pesos: number): number {
  return Math.round(pesos * 100);
}

/** Centavos to pesos, for JSON (two decimals at most). */
export function toPesos(centavos: number): number {
  return Math.round(centavos) / 100;
}

/** A rate in percent as integer hundredths of a percent, so that money arithmetic stays integer. */
function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * principal × rate% × months, rounded half up to the centavo, computed in integers. BigInt because the
 * product passes 2^53 for large loans over long terms, where float arithmetic drifts by a centavo.
 */
function percentOf(principal: number, percent: number, months: number): number {
  const product = BigInt(Math.round(principal)) * BigInt(basisPoints(percent)) * BigInt(months);
  return Number((product + 5_000n) / 10_000n);
}

export function serviceCharge(principal: number): number {
  return Math.min(Math.round((principal * SERVICE_CHARGE_PERCENT) / 100), SERVICE_CHARGE_CAP);
}

// ---------- dates ----------

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parse(date: string): { y: number; m: number; d: number } {
  const match = DATE_RE.exec(date);
  if (!match) throw new Error(`Not a calendar date: ${date}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A UTC date; setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999. */
function utc(y: number, monthIndex: number, day: number): Date {
  const t = new Date(0);
  t.setUTCFullYear(y, monthIndex, day);
  return t;
}

function daysInMonth(y: number, m: number): number {
  return utc(y, m, 0).getUTCDate();
}

export function addDays(date: string, days: number): string {
  const { y, m, d } = parse(date);
  const t = utc(y, m - 1, d + days);
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Adds calendar months; the 31st plus a month is the last day of a shorter month. */
export function addMonths(date: string, months: number): string {
  const { y, m, d } = parse(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return format(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

export function addPeriod(date: string, amount: number, type: LoanPeriodType | string): string {
  switch (type) {
    case 'day':
      return addDays(date, amount);
    case 'week':
      return addDays(date, amount * 7);
    case 'year':
      return addMonths(date, amount * 12);
    default:
      return addMonths(date, amount);
  }
}

/** Whether a text is a real calendar date (2023-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_RE.exec(text);
  if (!match) return false;
  const { y, m, d } = parse(text);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/**
 * Months or part of a month started from `from` to `to`: the first month starts on `from` itself,
 * the same day a month later still counts one, the day after that counts two.
 */
export function monthsStarted(from: string, to: string): number {
  if (to <= from) return 1;
  let full = 0;
  while (addMonths(from, full + 1) <= to) full++;
  return Math.max(1, addMonths(from, full) < to ? full + 1 : full);
}

// ---------- a new ticket ----------

export interface NewLoanFigures {
  appraisal_value: number;
  loan_amount: number;
  service_charge: number;
  amount_disbursed: number;
  maturity_date: string;
  expiry_date: string;
  /** Interest for the whole loan period, payable on redemption at maturity. */
  interest_to_maturity: number;
  /** Interest plus service charge over the net proceeds, percent a month: printed on the ticket. */
  effective_interest_rate: number;
  /** The interest deducted from the proceeds when the ticket is written (0 without advance interest; decision 0219). */
  advance_interest: number;
  /** The day that interest is paid to (the loan's interest_from), or null when none is taken in advance. */
  interest_paid_to: string | null;
}

/**
 * The figures of a new pawn ticket (service charge, net proceeds, dates). A category with advance interest has the
 * first term's interest, at most MAX_ADVANCE_MONTHS months of it, deducted from the proceeds; interest then runs again
 * from the day it was paid to, as after an extension (decision 0219).
 */
export function newLoanFigures(input: { loan_date: string; loan_amount: number; appraisal_value: number; terms: LendingTerms }): NewLoanFigures {
  const maturity_date = addPeriod(input.loan_date, input.terms.loan_period, input.terms.loan_period_type);
  const expiry_date = addDays(maturity_date, redemptionPeriodDays(input.terms));
  const charge = serviceCharge(input.loan_amount);
  const months = monthsStarted(input.loan_date, maturity_date);
  const advanceMonths = input.terms.advance_interest === 'one_term' ? Math.min(months, MAX_ADVANCE_MONTHS) : 0;
  const advance_interest = percentOf(input.loan_amount, input.terms.interest_rate, advanceMonths);
  const interest_paid_to = advanceMonths === 0 ? null : advanceMonths === months ? maturity_date : addMonths(input.loan_date, advanceMonths);
  const amount_disbursed = input.loan_amount - charge - advance_interest;
  const interest_to_maturity = percentOf(input.loan_amount, input.terms.interest_rate, months);
  const effective_interest_rate =
    amount_disbursed > 0 ? Math.round(((interest_to_maturity + charge) / amount_disbursed / months) * 10_000) / 100 : 0;
  return {
    appraisal_value: input.appraisal_value,
    loan_amount: input.loan_amount,
    service_charge: charge,
    amount_disbursed,
    maturity_date,
    expiry_date,
    interest_to_maturity,
    effective_interest_rate,
    advance_interest,
    interest_paid_to,
  };
}

export const LOAN_AMOUNT_TOO_HIGH = 'The loan amount may not be greater than the appraised value of the items.';
export const LOAN_DATE_IN_FUTURE = 'The loan date may not be in the future.';

/**
 * Why a new ticket cannot be written, or null. `written_request`: the pawner asked in writing for a loan below
 * 30 % of the appraised value (decision 0182); without it such a loan is refused.
 */
export function newLoanProblem(input: { loan_date: string; loan_amount: number; appraisal_value: number; today: string; written_request?: boolean }): string | null {
  if (input.loan_date > input.today) return LOAN_DATE_IN_FUTURE;
  if (input.loan_amount > input.appraisal_value) return LOAN_AMOUNT_TOO_HIGH;
  if (!input.written_request && isBelowLowLoanFloor(input.loan_amount, input.appraisal_value)) return LOW_LOAN_NEEDS_REQUEST;
  return null;
}

// ---------- how far back an action may be dated ----------

/**
 * Days before the server's today an action may be dated by a user without the supervisor's permission
 * (site setting `lending_backdate_days`; 0 = today only). docs/decisions/0120-lending-action-date-bound.md.
 */
export const DEFAULT_BACKDATE_DAYS = 7;
/** The supervisor's permission: dates an action further back than the site setting allows. */
export const BACKDATE_PERMISSION = 'backdate lending';

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parse(from);
  const b = parse(to);
  return Math.round((utc(b.y, b.m - 1, b.d).getTime() - utc(a.y, a.m - 1, a.d).getTime()) / 86_400_000);
}

export interface ActionDateBound {
  /** The server's today in the company's zone (the counter's day). */
  today: string;
  /** The latest date a client may send: today, or a day ahead for a device east of the company's zone (decision 0063). */
  latest: string;
  /** Dates the action may not precede (the loan's date, its last action), each with the sentence that refuses it. */
  notBefore: readonly { date: string | null | undefined; message: string }[];
  /** The site setting: how many days before today a user may date an action. */
  backdateDays: number;
  /** Whether the user holds BACKDATE_PERMISSION (then only the record's own dates bound it). */
  mayBackdateFurther: boolean;
}

export const dateInFuture = (label: string) => `The ${label} may not be in the future.`;
export const dateBefore = (label: string, what: string, date: string) => `The ${label} may not be before ${what} (${date}).`;
/** The floor of every action on a loan: its date (a renewal's new ticket is dated the renewal). */
export const loanDateFloor = (loan: { loan_date: string }) => ({ date: loan.loan_date, message: BEFORE_LOAN_DATE });
export const dateTooFarBack = (label: string, days: number) =>
  days === 0
    ? `The ${label} must be today; only a supervisor may date it earlier.`
    : `The ${label} may be at most ${days} ${days === 1 ? 'day' : 'days'} before today; only a supervisor may date it earlier.`;

/**
 * Why an action may not carry this date, or null: not in the future, not before the record's own dates
 * (the loan date, the last action), and not more than the site's number of days before today unless the
 * user holds the supervisor's permission. The server and the offline counter refuse alike (decision 0120).
 */
export function actionDateProblem(date: string, label: string, bound: ActionDateBound): string | null {
  if (date > bound.latest) return dateInFuture(label);
  for (const floor of bound.notBefore) {
    if (floor.date && date < floor.date) return floor.message;
  }
  if (!bound.mayBackdateFurther && daysBetween(date, bound.today) > Math.max(0, bound.backdateDays)) return dateTooFarBack(label, Math.max(0, bound.backdateDays));
  return null;
}

/** How many days before the server's today an action is dated (0 when dated today or later): what a backdated action records. */
export function daysBackdated(date: string, today: string): number {
  return Math.max(0, daysBetween(date, today));
}

// ---------- what is due ----------

export interface AmountsDue {
  /** Months (or parts) of interest from the loan date to the day (to maturity, then after it). */
  months: number;
  /** Months (or parts) past maturity, 0 before. */
  penalty_months: number;
  /** Interest of the months to maturity (to the day before it). */
  interest_to_maturity: number;
  /** Past maturity: principal plus the interest earned to maturity, on which interest and penalty run (decision 0181); else the principal. */
  base_after_maturity: number;
  interest: number;
  penalty: number;
  /** The new ticket's service charge, paid with a renewal (no cash leaves the counter on one). */
  renewal_charge: number;
  /** To renew: interest, penalty and the new ticket's service charge, the one amount every screen shows. */
  renew_total: number;
  /** To redeem: principal, interest and penalty. */
  redeem_total: number;
  is_matured: boolean;
  is_expired: boolean;
}

/**
 * What the pawner owes on `asOf`. Until maturity: interest on the principal per month started from the loan date.
 * After it (the redemption period and beyond): the interest to maturity, then interest and penalty per month started
 * after maturity on the principal plus the interest earned to maturity, as the ticket's terms say (decision 0181).
 */
export function amountsDue(loan: LoanFigures, asOf: string): AmountsDue {
  const matured = asOf > loan.maturity_date;
  const paidTo = loan.interest_from ?? null;
  // A loan's first month starts on its date; after an extension nothing is due up to the day the interest was paid to.
  const monthsTo = (to: string) => (paidTo === null ? monthsStarted(loan.loan_date, to) : to <= paidTo ? 0 : monthsStarted(paidTo, to));
  const monthsToMaturity = monthsTo(matured ? loan.maturity_date : asOf);
  const lateFrom = lateInterestFrom(loan);
  const penalty_months = asOf > lateFrom ? monthsStarted(lateFrom, asOf) : 0;
  const interest_to_maturity = percentOf(loan.loan_amount, loan.interest_rate, monthsToMaturity);
  const base_after_maturity = matured ? loan.loan_amount + interest_to_maturity : loan.loan_amount;
  const interest = interest_to_maturity + percentOf(base_after_maturity, loan.interest_rate, penalty_months);
  const penalty = percentOf(base_after_maturity, loan.penalty_rate, penalty_months);
  // A renewal writes a ticket for the same principal: its service charge is the one newLoanFigures takes.
  const renewal_charge = serviceCharge(loan.loan_amount);
  return {
    months: monthsToMaturity + penalty_months,
    penalty_months,
    interest_to_maturity,
    base_after_maturity,
    interest,
    penalty,
    renewal_charge,
    renew_total: interest + penalty + renewal_charge,
    redeem_total: loan.loan_amount + interest + penalty,
    is_matured: asOf > loan.maturity_date,
    is_expired: asOf > loan.expiry_date,
  };
}

/** Where interest and penalty after maturity start: the maturity date, or a later day the interest was already paid to (decision 0189). */
export function lateInterestFrom(loan: Pick<LoanFigures, 'maturity_date' | 'interest_from'>): string {
  const paidTo = loan.interest_from ?? null;
  return paidTo !== null && paidTo > loan.maturity_date ? paidTo : loan.maturity_date;
}

// ---------- what may happen ----------

export const NOT_ACTIVE = (status: LoanStatus) => `This loan is ${status}, not active.`;
export const NOT_RENEWABLE = "This loan's category is not renewable.";
export const RENEW_AFTER_EXPIRY = 'This loan expired and can no longer be renewed; it can only be redeemed or forfeited.';
export const BEFORE_LOAN_DATE = 'The date may not be before the loan date.';
export const ITEM_NOT_FORFEITED = (status: ItemStatus) => `This item is ${status.replace('_', ' ')}; only a forfeited item can be put up for sale.`;
export const ITEM_NOT_FOR_SALE = (status: ItemStatus) => `This item is ${status.replace('_', ' ')}; only an item for sale can be sold.`;

export function renewProblem(loan: LoanFigures, terms: Pick<LendingTerms, 'is_renewable'>, asOf: string): string | null {
  if (loan.status !== 'active') return NOT_ACTIVE(loan.status);
  if (!terms.is_renewable) return NOT_RENEWABLE;
  if (asOf < loan.loan_date) return BEFORE_LOAN_DATE;
  if (asOf > loan.expiry_date) return RENEW_AFTER_EXPIRY;
  return null;
}

export function redeemProblem(loan: LoanFigures, asOf: string): string | null {
  if (loan.status !== 'active') return NOT_ACTIVE(loan.status);
  if (asOf < loan.loan_date) return BEFORE_LOAN_DATE;
  return null;
}

/** What a forfeiture knows of the notice (decision 0217): whether one was sent, and a manager's reason to go without. */
export interface ForfeitNotice {
  /** A notice to the pawner was recorded before the redemption period ended. */
  sent: boolean;
  /** Why the ticket is forfeited without one (a manager's; 3 to 500 characters once trimmed). */
  reason?: string | null;
  /** Whether the user is a manager (holds the lending supervisor's permission, BACKDATE_PERMISSION). */
  mayOverride: boolean;
}

export const FORFEIT_MIN_REASON = 3;
export const FORFEIT_MAX_REASON = 500;
export const FORFEIT_NEEDS_NOTICE = 'No notice was sent to the pawner before the redemption period ended: only a manager can forfeit this ticket, with a reason.';
export const FORFEIT_REASON_NEEDED = `Say why the ticket is forfeited without a notice (${FORFEIT_MIN_REASON} to ${FORFEIT_MAX_REASON} characters).`;

/**
 * Why the loan may not be forfeited on `asOf`, or null: it must be active, past its redemption period, and its pawner
 * notified before the period ended, unless a manager gives a reason (decision 0217). The server and the offline
 * counter refuse alike.
 */
export function forfeitProblem(loan: LoanFigures, asOf: string, notice: ForfeitNotice): string | null {
  if (loan.status !== 'active') return NOT_ACTIVE(loan.status);
  if (asOf <= loan.expiry_date) return inRedemptionPeriod(loan.expiry_date);
  if (notice.sent) return null;
  if (!notice.mayOverride) return FORFEIT_NEEDS_NOTICE;
  const reason = (notice.reason ?? '').trim();
  if (reason.length < FORFEIT_MIN_REASON || reason.length > FORFEIT_MAX_REASON) return FORFEIT_REASON_NEEDED;
  return null;
}

export function processForfeitedProblem(item: { status: ItemStatus }): string | null {
  return item.status === 'forfeited' ? null : ITEM_NOT_FORFEITED(item.status);
}

export function sellProblem(item: { status: ItemStatus }): string | null {
  return item.status === 'for_sale' ? null : ITEM_NOT_FOR_SALE(item.status);
}

export const ITEM_IN_TRANSIT = 'An item of this ticket is on its way to another branch: it can be redeemed, forfeited or sold once that branch receives it.';

/**
 * Why a ticket's items may not be redeemed, forfeited, put up for sale or sold now, or null: one of them is on its
 * way between two vaults, counted in neither (decisions 0303, 0323). The server and the offline counter refuse alike.
 */
export function transitProblem(items: readonly { in_transit?: boolean | number | null }[]): string | null {
  return items.some((i) => i.in_transit === true || i.in_transit === 1) ? ITEM_IN_TRANSIT : null;
}

// ---------- what an action writes ----------

export interface PlannedTransaction {
  type: TransactionType;
  /** Centavos, always > 0 (a zero movement writes nothing). */
  amount: number;
}

/** The money a renewal moves on the old loan, and the new ticket's figures (same principal, new dates). */
export function planRenewal(loan: LoanFigures & { appraisal_value: number }, terms: LendingTerms, asOf: string) {
  const due = amountsDue(loan, asOf);
  const next = newLoanFigures({ loan_date: asOf, loan_amount: loan.loan_amount, appraisal_value: loan.appraisal_value, terms });
  const oldLoan: PlannedTransaction[] = [
    { type: 'interest' as const, amount: due.interest },
    { type: 'penalty' as const, amount: due.penalty },
  ].filter((t) => t.amount > 0);
  // No cash leaves the counter on a renewal: the new ticket's service charge, and its interest in advance when its
  // category takes one (decision 0219), are paid with the interest due.
  const newLoan: PlannedTransaction[] = [
    { type: 'renewal' as const, amount: next.service_charge },
    { type: 'interest' as const, amount: next.advance_interest },
  ].filter((t) => t.amount > 0);
  // What the pawner pays at the counter: the old ticket's interest and penalty, the new ticket's charges.
  const total = due.interest + due.penalty + next.service_charge + next.advance_interest;
  return { due, next: { ...next, amount_disbursed: 0 }, transactions: { oldLoan, newLoan }, total };
}

export function planRedemption(loan: LoanFigures, asOf: string) {
  const due = amountsDue(loan, asOf);
  const transactions: PlannedTransaction[] = [
    { type: 'redemption' as const, amount: loan.loan_amount },
    { type: 'interest' as const, amount: due.interest },
    { type: 'penalty' as const, amount: due.penalty },
  ].filter((t) => t.amount > 0);
  return { due, transactions };
}
