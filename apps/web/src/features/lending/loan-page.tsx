import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { formatCurrency } from '../../lib/format';
import { useCounterToday, useLoanDetail } from './book/lending-queries';
import { hasPermission, useAuth } from '../auth/auth-store';
import { LoanActions } from './components/loan-actions';
import { RegisterList } from './components/register-list';
import { ItemList } from './components/item-list';
import { LoanStateBadge } from './components/status-badge';
import { SyncBadge } from './components/sync-badge';
import { actionProblems, customerName, dueOn, extendParts, extensionOn, formatDay, pesos, renewParts, ticketNumber } from './lending-figures';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-base-content/70">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId}>{value}</dd>
    </div>
  );
}

/** One loan: terms and amounts, what is due today, items, transactions, and the actions the rules allow. */
export function LoanPage() {
  const { uuid = '' } = useParams();
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const today = useCounterToday();
  const detail = useLoanDetail(uuid);
  const title = useRef<HTMLHeadingElement>(null);
  const shownStatus = useRef<string | undefined>(undefined);
  const status = detail.data?.loan.status;
  // A redemption or forfeiture takes its button away: focus goes to the ticket's title (its new status is beside
  // it) instead of falling to <body>.
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (shownStatus.current && status && shownStatus.current !== status && lost) title.current?.focus();
    shownStatus.current = status;
  }, [status]);

  if (detail.error) return <ErrorAlert message={`Could not read the local book: ${detail.error.message}`} onRetry={detail.retry} />;
  if (detail.loading || detail.stale || !today) return <LoadingBlock text="Loading loan..." />;
  if (!detail.data) return <EmptyState title="Loan not found" text="This loan is not on this device." action={<Link to="/lending/loans" className="btn">Back to Loans</Link>} />;
  const { loan, items, transactions, customer, category, renewedFrom, renewedTo } = detail.data;
  const due = loan.status === 'active' ? dueOn(loan, today) : null;
  // Paying the interest to extend by a term (decision 0189): shown where the rules allow it today.
  const extension = due && !actionProblems(loan, category, today).extend ? extensionOn(loan, category, today) : null;
  const extensions = loan.extensions ?? 0;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <Link to="/lending/loans" className="link link-hover text-sm">← Loans</Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold focus:outline-none" ref={title} tabIndex={-1}>
            Ticket <span className="font-mono" data-testid="loan-ticket">{ticketNumber(loan)}</span>
          </h1>
          <p className="mt-1">
            {customer ? <Link className="link" to={`/lending/customers/${customer.uuid}`}>{customerName(customer)}</Link> : customerName(customer)}
            {category && <span className="text-base-content/70"> · {category.title}</span>}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <span data-testid="loan-status"><LoanStateBadge loan={loan} today={today} /></span>
            <SyncBadge record={loan} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/lending/loans/${loan.uuid}/ticket`} className="btn">Print Ticket</Link>
          {canManage && <LoanActions loan={loan} category={category} today={today} />}
        </div>
      </div>
      {(renewedFrom || renewedTo) && (
        <p className="text-sm">
          {renewedFrom && <>Renewal of <Link className="link" to={`/lending/loans/${renewedFrom.uuid}`}>{ticketNumber(renewedFrom)}</Link>. </>}
          {renewedTo && <>Renewed as <Link className="link" to={`/lending/loans/${renewedTo.uuid}`} data-testid="renewed-to">{ticketNumber(renewedTo)}</Link>.</>}
        </p>
      )}
      {loan.terms_changed && (
        <p role="note" className="rounded-box border border-info/40 bg-info/10 p-3 text-sm" data-testid="terms-changed">
          The category’s terms changed after this ticket was printed. The ticket keeps the terms it was printed with.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <dl className="rounded-box border border-base-300 bg-base-100 p-4 text-sm">
          <Fact label="Loan date" value={formatDay(loan.loan_date)} />
          <Fact label="Maturity date" value={formatDay(loan.maturity_date)} />
          <Fact label="Expiry date" value={formatDay(loan.expiry_date)} />
          {extensions > 0 && (
            <Fact label="Extended" value={`${extensions} ${extensions === 1 ? 'time' : 'times'}; interest paid to ${formatDay(loan.interest_from)}`} testId="loan-extended" />
          )}
          {loan.renewal_date && <Fact label="Renewed on" value={formatDay(loan.renewal_date)} />}
          {loan.redemption_date && <Fact label="Redeemed on" value={formatDay(loan.redemption_date)} />}
          {loan.forfeiture_date && <Fact label="Forfeited on" value={formatDay(loan.forfeiture_date)} />}
          <Fact label="Appraised value" value={formatCurrency(loan.appraisal_value)} />
          <Fact label="Principal" value={formatCurrency(loan.loan_amount)} testId="loan-amount" />
          <Fact label="Service charge" value={formatCurrency(loan.service_charge)} />
          <Fact label="Net proceeds" value={loan.renewed_from && !(loan.amount_disbursed > 0) ? 'None (a renewal)' : formatCurrency(loan.amount_disbursed)} />
          <Fact label="Interest rate" value={`${loan.interest_rate}% a month`} />
          <Fact label="Penalty rate" value={`${loan.penalty_rate}% a month after maturity`} />
          <Fact label="Interest paid" value={formatCurrency(loan.paid_interest_amount)} />
          <Fact label="Penalty paid" value={formatCurrency(loan.paid_penalty_amount)} />
        </dl>
        <section aria-labelledby="due-title" className="rounded-box border border-base-300 bg-base-100 p-4 text-sm">
          <h2 id="due-title" className="mb-2 font-semibold">Due today ({formatDay(today)})</h2>
          {due ? (
            <dl>
              <Fact label={`Interest (${due.months} month${due.months === 1 ? '' : 's'})`} value={formatCurrency(pesos(due.interest))} testId="due-interest" />
              <Fact label={`Penalty (${due.penalty_months} month${due.penalty_months === 1 ? '' : 's'})`} value={formatCurrency(pesos(due.penalty))} testId="due-penalty" />
              <Fact label="To renew" value={formatCurrency(pesos(due.renew_total))} testId="due-renew" />
              <div className="pb-1 text-right text-xs text-base-content/70"><dt className="sr-only">To renew, made of</dt><dd data-testid="due-renew-parts">{renewParts(due)}</dd></div>
              {extension && (
                <>
                  <Fact label="To extend a term" value={formatCurrency(pesos(extension.total))} testId="due-extend" />
                  <div className="pb-1 text-right text-xs text-base-content/70">
                    <dt className="sr-only">To extend, made of</dt>
                    <dd data-testid="due-extend-parts">{extendParts(extension)}; then due {formatDay(extension.maturity_date)}, redeemable until {formatDay(extension.expiry_date)}</dd>
                  </div>
                </>
              )}
              <Fact label="To redeem" value={formatCurrency(pesos(due.redeem_total))} testId="due-redeem" />
            </dl>
          ) : null}
          {due?.is_expired ? (
            <p className="mt-2 font-medium text-red-700">Expired: it can be redeemed or forfeited.</p>
          ) : due?.is_matured ? (
            <p className="mt-2 font-medium text-amber-800">Matured: penalty runs until it is renewed or redeemed.</p>
          ) : null}
          {due ? null : (
            <p className="text-base-content/70">Nothing: this loan is {loan.status}.</p>
          )}
        </section>
      </div>
      <section aria-labelledby="items-title" className="flex flex-col gap-2">
        <h2 id="items-title" className="text-lg font-semibold">Items</h2>
        <ItemList items={items} label="Items of this loan" />
      </section>
      <section aria-labelledby="tx-title" className="flex flex-col gap-2">
        <h2 id="tx-title" className="text-lg font-semibold">Transactions</h2>
        {transactions.length === 0 ? (
          <p className="text-sm text-base-content/70">{loan.sync_status === 'synced' ? 'No transactions.' : 'The server writes the transactions when this change is synced.'}</p>
        ) : (
          <RegisterList transactions={transactions} canManage={canManage} />
        )}
      </section>
    </div>
  );
}
