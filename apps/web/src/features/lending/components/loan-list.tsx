import { Link } from 'react-router';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { LocalCustomer, LocalLoan } from '../book/lending-queries';
import { customerName, formatDay, ticketNumber } from '../lending-figures';
import { LoanStateBadge } from './status-badge';
import { SyncBadge } from './sync-badge';

/** Loans as rows that wrap on a phone: ticket, pawner, dates, principal, status and sync state. */
export function LoanList({ rows, label, today, showCustomer = true }: { rows: { loan: LocalLoan; customer?: LocalCustomer }[]; label: string; today: string | undefined; showCustomer?: boolean }) {
  const t = useT('lending');
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label={label}>
      {rows.map(({ loan, customer }) => (
        <li key={loan.uuid} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3 md:grid-cols-[11rem_1fr_8rem_13rem_6.5rem] lg:grid-cols-[11rem_1fr_8rem_14rem_7rem] md:items-center" data-testid="loan-row">
          <div className="min-w-0">
            <Link to={`/lending/loans/${loan.uuid}`} className="link link-hover font-mono font-semibold" data-testid="ticket-number">
              {ticketNumber(loan)}
            </Link>
            {showCustomer && <p className="truncate text-sm md:hidden">{customerName(customer)}</p>}
          </div>
          <div className="hidden min-w-0 md:block">{showCustomer ? <span className="truncate">{customerName(customer)}</span> : <span>{t('lending.loanList.items', { count: loan.items?.length ?? 0 })}</span>}</div>
          <div className="text-right font-medium md:text-left">{formatCurrency(loan.loan_amount)}</div>
          <div className="text-sm text-base-content/70">
            <span className="whitespace-nowrap md:block">{t('lending.loanList.loanDate', { date: formatDay(loan.loan_date) })}</span>
            <span className="md:hidden"> · </span>
            <span className="whitespace-nowrap md:block">{t('lending.loanList.expires', { date: formatDay(loan.expiry_date) })}</span>
          </div>
          <div className="col-span-2 flex flex-wrap items-start gap-2 md:col-span-1 md:flex-col">
            <LoanStateBadge loan={loan} today={today} />
            <SyncBadge record={loan} />
          </div>
        </li>
      ))}
    </ul>
  );
}
