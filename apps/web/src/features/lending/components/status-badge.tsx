import { ITEM_STATUS_LABEL, LOAN_STATUS_LABEL } from '../lending-figures';

const LOAN_CLASS: Record<string, string> = { active: 'badge-info', renewed: 'badge-neutral', redeemed: 'badge-success', forfeited: 'badge-error' };
const ITEM_CLASS: Record<string, string> = { pawned: 'badge-info', redeemed: 'badge-success', forfeited: 'badge-error', for_sale: 'badge-warning', sold: 'badge-neutral' };

export function LoanStatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-sm whitespace-nowrap ${LOAN_CLASS[status] ?? ''}`}>{LOAN_STATUS_LABEL[status] ?? status}</span>;
}

export function ItemStatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-sm whitespace-nowrap ${ITEM_CLASS[status] ?? ''}`}>{ITEM_STATUS_LABEL[status] ?? status}</span>;
}
