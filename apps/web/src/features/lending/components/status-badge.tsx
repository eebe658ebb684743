import { useT } from '../../../lib/i18n';
import type { LocalLoan } from '../book/lending-queries';
import { ITEM_STATUS_LABEL, LOAN_STATE_LABEL, LOAN_STATUS_LABEL, loanStateOf } from '../lending-figures';

const LOAN_CLASS: Record<string, string> = {
  active: 'badge-info',
  redemption_period: 'badge-warning',
  forfeitable: 'badge-error',
  renewed: 'badge-neutral',
  redeemed: 'badge-success',
  forfeited: 'badge-error',
};
const ITEM_CLASS: Record<string, string> = { pawned: 'badge-info', redeemed: 'badge-success', forfeited: 'badge-error', for_sale: 'badge-warning', sold: 'badge-neutral' };

export function LoanStatusBadge({ status }: { status: string }) {
  const t = useT('lending');
  const label = LOAN_STATUS_LABEL[status];
  return <span className={`badge badge-sm whitespace-nowrap ${LOAN_CLASS[status] ?? ''}`}>{label ? t(label) : status}</span>;
}

/** An active loan's state on the counter's day (redemption period, may be forfeited), else its status. */
export function LoanStateBadge({ loan, today }: { loan: Pick<LocalLoan, 'status' | 'maturity_date' | 'expiry_date'>; today: string | undefined }) {
  const t = useT('lending');
  const state = loanStateOf(loan, today);
  const label = LOAN_STATE_LABEL[state];
  return <span className={`badge badge-sm h-auto min-h-5 whitespace-normal text-left ${LOAN_CLASS[state] ?? ''}`} data-testid="loan-state">{label ? t(label) : state}</span>;
}

export function ItemStatusBadge({ status }: { status: string }) {
  const t = useT('lending');
  const label = ITEM_STATUS_LABEL[status];
  return <span className={`badge badge-sm whitespace-nowrap ${ITEM_CLASS[status] ?? ''}`}>{label ? t(label) : status}</span>;
}
