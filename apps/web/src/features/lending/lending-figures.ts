import {
  amountsDue,
  forfeitProblem,
  isBelowLowLoanFloor,
  loanStage,
  newLoanFigures,
  newLoanProblem,
  redeemProblem,
  renewProblem,
  toCentavos,
  toPesos,
  transitProblem,
  type AmountsDue,
  type NewLoanFigures,
} from '@kalinga/contracts/lending/rules';
import { extendProblem, planExtension, type ExtensionPlan } from '@kalinga/contracts/lending/extension';
import { formatCurrency } from '../../lib/format';
import { figuresOf, termsOf, type LocalCategory, type LocalLoan } from './book/lending-queries';
import { formatDate } from '../../lib/dates';
import { t, type MessageKey, type Translate } from '../../lib/i18n';

// Every figure the lending screens show comes from the rules module (pawn-rules.ts), the one the server applies.
// The rules work in centavos; these helpers hand the screens pesos.

export const LOAN_STATUS_LABEL: Record<string, MessageKey> = { active: 'lending.status.active', renewed: 'lending.status.renewed', redeemed: 'lending.status.redeemed', forfeited: 'lending.status.forfeited' };
export const ITEM_STATUS_LABEL: Record<string, MessageKey> = { pawned: 'lending.itemStatus.pawned', redeemed: 'lending.itemStatus.redeemed', forfeited: 'lending.itemStatus.forfeited', for_sale: 'lending.itemStatus.forSale', sold: 'lending.itemStatus.sold' };

/** What is due on an active loan on the counter's day, in centavos. */
export function dueOn(loan: LocalLoan, today: string): AmountsDue {
  return amountsDue(figuresOf(loan), today);
}

export type LoanState = 'active' | 'redemption_period' | 'forfeitable' | 'renewed' | 'redeemed' | 'forfeited';

export const LOAN_STATE_LABEL: Record<LoanState, MessageKey> = {
  active: 'lending.status.active',
  redemption_period: 'lending.state.redemptionPeriod',
  forfeitable: 'lending.state.forfeitable',
  renewed: 'lending.status.renewed',
  redeemed: 'lending.status.redeemed',
  forfeited: 'lending.status.forfeited',
};

/**
 * The state the clerk acts on today: an active loan past its maturity is in its redemption period (penalty runs;
 * renew or redeem), past its expiry date it may be forfeited (the rules' forfeitProblem allows it); else its status.
 */
export function loanStateOf(loan: Pick<LocalLoan, 'status' | 'maturity_date' | 'expiry_date'>, today: string | undefined): LoanState {
  if (loan.status !== 'active' || !today) return loan.status as LoanState;
  const stage = loanStage(loan, today);
  return stage === 'running' ? 'active' : stage;
}

/** The parts of the renewal amount (due.renew_total), as the loan page and the confirmation both say them. */
export function renewParts(due: AmountsDue): string {
  return t('lending.renewParts', { interest: formatCurrency(toPesos(due.interest)), penalty: formatCurrency(toPesos(due.penalty)), charge: formatCurrency(toPesos(due.renewal_charge)) });
}

/** What paying the interest to extend the loan takes and gives on the counter's day (decision 0189), or null without its category. */
export function extensionOn(loan: LocalLoan, category: LocalCategory | undefined, today: string): ExtensionPlan | null {
  return category ? planExtension(figuresOf(loan), termsOf(category), today) : null;
}

/** The parts of the extension amount (plan.total), as the loan page and the confirmation both say them. */
export function extendParts(plan: ExtensionPlan): string {
  return t('lending.extendParts', { interest: formatCurrency(toPesos(plan.due.interest)), penalty: formatCurrency(toPesos(plan.due.penalty)) });
}

export interface AllowedActions {
  renew: string | null;
  extend: string | null;
  redeem: string | null;
  forfeit: string | null;
  /** Forfeiture is allowed only with a manager's reason: no notice was sent to the pawner (decision 0217). */
  forfeitNeedsReason: boolean;
  /**
   * An item of the ticket is on its way between two branches (decision 0323): a redemption or forfeiture the date
   * allows waits for it, shown beforehand with this reason (decision 0338); renewing and extending do not.
   */
  transit: string | null;
}

/**
 * Why each action is refused today (null = allowed), by the rules module; `manager`: holds the lending supervisor's
 * permission; `items`: the ticket's items as this device last pulled them (where each is).
 */
export function actionProblems(loan: LocalLoan, category: LocalCategory | undefined, today: string, manager = false, items: readonly { in_transit?: boolean | number | null }[] = []): AllowedActions {
  const figures = figuresOf(loan);
  const sent = Boolean(loan.notice_sent_at);
  // The period and the status first, as if notified; then the notice: a manager is asked for the reason.
  const forfeitOnDate = forfeitProblem(figures, today, { sent: true, mayOverride: manager });
  const withoutNotice = forfeitOnDate === null && !sent;
  return {
    renew: category ? renewProblem(figures, termsOf(category), today) : t('lending.noCategory'),
    extend: category ? extendProblem(figures, termsOf(category), today) : t('lending.noCategory'),
    redeem: redeemProblem(figures, today),
    forfeit: withoutNotice && !manager ? forfeitProblem(figures, today, { sent, mayOverride: false }) : forfeitOnDate,
    forfeitNeedsReason: withoutNotice && manager,
    transit: transitProblem(items),
  };
}

/** A customer's running balance: what they owe today to redeem every active loan (pesos). */
export function balanceOf(loans: LocalLoan[], today: string): number {
  const centavos = loans.filter((l) => l.status === 'active').reduce((sum, l) => sum + dueOn(l, today).redeem_total, 0);
  return toPesos(centavos);
}

export interface TicketPreview {
  figures: NewLoanFigures | null;
  problem: string | null;
  /** The amount is below 30 % of the appraisal: the ticket needs the pawner's written request (decision 0182). */
  belowFloor: boolean;
}

/** The new ticket's preview (centavos) and why it cannot be written yet, from the form's pesos. */
export function ticketPreview(input: {
  loan_date: string;
  today: string;
  loan_amount: number;
  appraisals: number[];
  category: LocalCategory | undefined;
  written_request?: boolean;
}): TicketPreview {
  const appraisal = input.appraisals.reduce((sum, v) => sum + (Number.isFinite(v) ? toCentavos(v) : 0), 0);
  const amount = Number.isFinite(input.loan_amount) ? toCentavos(input.loan_amount) : 0;
  const belowFloor = amount > 0 && isBelowLowLoanFloor(amount, appraisal);
  if (!input.category || amount <= 0 || !input.loan_date) return { figures: null, problem: null, belowFloor };
  const problem = newLoanProblem({ loan_date: input.loan_date, loan_amount: amount, appraisal_value: appraisal, today: input.today, written_request: input.written_request });
  return { figures: newLoanFigures({ loan_date: input.loan_date, loan_amount: amount, appraisal_value: appraisal, terms: termsOf(input.category) }), problem, belowFloor };
}

/** Centavos to pesos for formatCurrency. */
export const pesos = toPesos;

/** A loan period in words: '1 month', '30 days'. */
export function periodText(category: Pick<LocalCategory, 'loan_period' | 'loan_period_type'>, say: Translate = t): string {
  return say('lending.period', { unit: category.loan_period_type || 'month', count: category.loan_period });
}

/** 'PT-2026-000021', or 'pending' while a ticket written on this device waits for its number. */
export function ticketNumber(loan: Pick<LocalLoan, 'pawn_ticket_number'>, say: Translate = t): string {
  return loan.pawn_ticket_number ?? say('lending.ticketPending');
}

export function customerName(customer: { first_name: string; last_name: string } | undefined, say: Translate = t): string {
  return customer ? `${customer.last_name}, ${customer.first_name}` : say('lending.unknownCustomer');
}

/** A calendar date as 'Nov 23, 2026' (the date itself, no zone shift); `locale`: useLocale()'s, in a part drawn in another language. */
export function formatDay(date: string | null | undefined, locale?: string): string {
  if (!date) return '—';
  return formatDate(date.slice(0, 10), undefined, locale);
}
