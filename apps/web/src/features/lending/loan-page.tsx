import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { formatCurrency } from '../../lib/format';
import { formatDate } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { planRenewal } from '@kalinga/contracts/lending/rules';
import { figuresOf, termsOf, useCounterToday, useLoanDetail } from './book/lending-queries';
import { hasPermission, useAuth } from '../../session/auth-store';
import { LoanActions } from './components/loan-actions';
import { RegisterList } from './components/register-list';
import { ItemList } from './components/item-list';
import { LoanStateBadge } from './components/status-badge';
import { SyncBadge } from './components/sync-badge';
import { actionProblems, customerName, dueOn, extendParts, extensionOn, formatDay, pesos, renewParts, ticketNumber } from './lending-figures';

// The items' photos load on their own, after the loan (bundle budgets).
const LoanPhotos = lazy(() => import('./vault/loan-photos').then((m) => ({ default: m.LoanPhotos })));

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
  const t = useT('lending');
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

  if (detail.error) return <ErrorAlert message={t('lending.readError', { error: detail.error.message })} onRetry={detail.retry} />;
  if (detail.loading || detail.stale || !today) return <LoadingBlock text={t('lending.loan.loading')} />;
  if (!detail.data) return <EmptyState title={t('lending.loan.notFound')} text={t('lending.loan.notOnDevice')} action={<Link to="/lending/loans" className="btn">{t('lending.loan.back')}</Link>} />;
  const { loan, items, transactions, customer, category, renewedFrom, renewedTo } = detail.data;
  const due = loan.status === 'active' ? dueOn(loan, today) : null;
  // With the new ticket's interest in advance when its category takes one (decision 0219).
  const renewTotal = due && category ? planRenewal(figuresOf(loan), termsOf(category), today).total : null;
  // Paying the interest to extend by a term (decision 0189): shown where the rules allow it today.
  const extension = due && !actionProblems(loan, category, today).extend ? extensionOn(loan, category, today) : null;
  const extensions = loan.extensions ?? 0;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <Link to="/lending/loans" className="link link-hover text-sm">← {t('lending.loans.title')}</Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold focus:outline-none" ref={title} tabIndex={-1}>
            {t('lending.loan.ticketWord')} <span className="font-mono" data-testid="loan-ticket">{ticketNumber(loan)}</span>
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
          <Link to={`/lending/loans/${loan.uuid}/ticket`} className="btn">{t('lending.loan.print')}</Link>
          {canManage && <LoanActions loan={loan} items={items} category={category} today={today} />}
        </div>
      </div>
      {(renewedFrom || renewedTo) && (
        <p className="text-sm">
          {renewedFrom && <>{t('lending.loan.renewalOf')} <Link className="link" to={`/lending/loans/${renewedFrom.uuid}`}>{ticketNumber(renewedFrom)}</Link>. </>}
          {renewedTo && <>{t('lending.loan.renewedAs')} <Link className="link" to={`/lending/loans/${renewedTo.uuid}`} data-testid="renewed-to">{ticketNumber(renewedTo)}</Link>.</>}
        </p>
      )}
      {loan.terms_changed && (
        <p role="note" className="rounded-box border border-info/40 bg-info/10 p-3 text-sm" data-testid="terms-changed">
          {t('lending.loan.termsChanged')}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <dl className="rounded-box border border-base-300 bg-base-100 p-4 text-sm">
          <Fact label={t('lending.loanDate')} value={formatDay(loan.loan_date)} />
          <Fact label={t('lending.maturityDate')} value={formatDay(loan.maturity_date)} />
          <Fact label={t('lending.expiryDate')} value={formatDay(loan.expiry_date)} />
          {extensions > 0 && (
            <Fact label={t('lending.loan.extended')} value={t('lending.loan.extendedValue', { count: extensions, date: formatDay(loan.interest_from) })} testId="loan-extended" />
          )}
          {loan.renewal_date && <Fact label={t('lending.loan.renewedOn')} value={formatDay(loan.renewal_date)} />}
          {loan.redemption_date && <Fact label={t('lending.loan.redeemedOn')} value={formatDay(loan.redemption_date)} />}
          {loan.forfeiture_date && <Fact label={t('lending.loan.forfeitedOn')} value={formatDay(loan.forfeiture_date)} />}
          {loan.forfeit_reason && <Fact label={t('lending.loan.forfeitedWithoutNotice')} value={loan.forfeit_reason} testId="loan-forfeit-reason" />}
          {loan.status === 'active' && <Fact label={t('lending.loan.notice')} value={loan.notice_sent_at ? t('lending.loan.noticeSent', { date: formatDate(loan.notice_sent_at) }) : t('lending.loan.noticeNotSent')} testId="loan-notice" />}
          <Fact label={t('lending.preview.appraisal')} value={formatCurrency(loan.appraisal_value)} />
          <Fact label={t('lending.principal')} value={formatCurrency(loan.loan_amount)} testId="loan-amount" />
          <Fact label={t('lending.serviceCharge')} value={formatCurrency(loan.service_charge)} />
          {(loan.advance_interest ?? 0) > 0 && <Fact label={t('lending.advanceInterest')} value={formatCurrency(loan.advance_interest ?? 0)} testId="loan-advance-interest" />}
          <Fact label={t('lending.loan.net')} value={loan.renewed_from && !(loan.amount_disbursed > 0) ? t('lending.loan.netNone') : formatCurrency(loan.amount_disbursed)} />
          <Fact label={t('lending.loan.interestRate')} value={t('lending.rateAMonth', { rate: loan.interest_rate })} />
          <Fact label={t('lending.loan.penaltyRate')} value={t('lending.loan.penaltyRateValue', { rate: loan.penalty_rate })} />
          <Fact label={t('lending.loan.interestPaid')} value={formatCurrency(loan.paid_interest_amount)} />
          <Fact label={t('lending.loan.penaltyPaid')} value={formatCurrency(loan.paid_penalty_amount)} />
        </dl>
        <section aria-labelledby="due-title" className="rounded-box border border-base-300 bg-base-100 p-4 text-sm">
          <h2 id="due-title" className="mb-2 font-semibold">{t('lending.loan.dueToday', { date: formatDay(today) })}</h2>
          {due ? (
            <dl>
              <Fact label={t('lending.loan.interestMonths', { count: due.months })} value={formatCurrency(pesos(due.interest))} testId="due-interest" />
              <Fact label={t('lending.loan.penaltyMonths', { count: due.penalty_months })} value={formatCurrency(pesos(due.penalty))} testId="due-penalty" />
              <Fact label={t('lending.loan.toRenew')} value={formatCurrency(pesos(renewTotal ?? due.renew_total))} testId="due-renew" />
              <div className="pb-1 text-right text-xs text-base-content/70"><dt className="sr-only">{t('lending.loan.toRenewParts')}</dt><dd data-testid="due-renew-parts">{renewParts(due)}</dd></div>
              {extension && (
                <>
                  <Fact label={t('lending.loan.toExtend')} value={formatCurrency(pesos(extension.total))} testId="due-extend" />
                  <div className="pb-1 text-right text-xs text-base-content/70">
                    <dt className="sr-only">{t('lending.loan.toExtendParts')}</dt>
                    <dd data-testid="due-extend-parts">{t('lending.loan.extendThen', { parts: extendParts(extension), due: formatDay(extension.maturity_date), until: formatDay(extension.expiry_date) })}</dd>
                  </div>
                </>
              )}
              <Fact label={t('lending.loan.toRedeem')} value={formatCurrency(pesos(due.redeem_total))} testId="due-redeem" />
            </dl>
          ) : null}
          {due?.is_expired ? (
            <p className="mt-2 font-medium text-red-700">{t('lending.loan.expired')}</p>
          ) : due?.is_matured ? (
            <p className="mt-2 font-medium text-amber-800">{t('lending.loan.matured')}</p>
          ) : null}
          {due ? null : (
            <p className="text-base-content/70">{t('lending.loan.nothingDue', { status: loan.status })}</p>
          )}
        </section>
      </div>
      <section aria-labelledby="items-title" className="flex flex-col gap-2">
        <h2 id="items-title" className="text-lg font-semibold">{t('lending.items')}</h2>
        <ItemList items={items} label={t('lending.loan.itemsLabel')} />
        <Suspense fallback={null}>
          <LoanPhotos items={items} />
        </Suspense>
      </section>
      <section aria-labelledby="tx-title" className="flex flex-col gap-2">
        <h2 id="tx-title" className="text-lg font-semibold">{t('lending.loan.transactions')}</h2>
        {transactions.length === 0 ? (
          <p className="text-sm text-base-content/70">{loan.sync_status === 'synced' ? t('lending.loan.noTransactions') : t('lending.loan.transactionsLater')}</p>
        ) : (
          <RegisterList transactions={transactions} canManage={canManage} />
        )}
      </section>
    </div>
  );
}
