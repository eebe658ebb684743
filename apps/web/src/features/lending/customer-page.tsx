import { LANGUAGE_NAMES } from '@kalinga/contracts/languages';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Drawer } from '../../components/ui/drawer';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { formatCurrency } from '../../lib/format';
import { shownIdNumber } from '../../offline/sealed';
import { useT } from '../../lib/i18n';
import { useCounterToday, useCustomerDetail } from './book/lending-queries';
import { hasPermission, useAuth } from '../../session/auth-store';
import { CustomerForm } from './components/customer-form';
import { LoanList } from './components/loan-list';
import { ItemList } from './components/item-list';
import { SyncBadge } from './components/sync-badge';
import { balanceOf, formatDay } from './lending-figures';

/** One customer: details, running balance (to redeem every active loan today), loans and items. */
export function CustomerPage() {
  const t = useT('lending');
  const { uuid = '' } = useParams();
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const today = useCounterToday();
  const detail = useCustomerDetail(uuid);
  const [editing, setEditing] = useState(false);

  if (detail.error) return <ErrorAlert message={t('lending.readError', { error: detail.error.message })} onRetry={detail.retry} />;
  if (detail.loading || detail.stale || !today) return <LoadingBlock text={t('lending.customer.loading')} />;
  if (!detail.data) return <EmptyState title={t('lending.customer.notFound')} text={t('lending.customer.notOnDevice')} action={<Link to="/lending/customers" className="btn">{t('lending.customer.back')}</Link>} />;
  const { customer, loans, items } = detail.data;
  const active = loans.filter((l) => l.status === 'active');

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <Link to="/lending/customers" className="link link-hover text-sm">← {t('lending.customers.title')}</Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{customer.first_name} {customer.last_name}</h1>
          <div className="mt-1"><SyncBadge record={customer} /></div>
        </div>
        <div className="flex flex-wrap gap-2">
          {canManage && <button type="button" className="btn" onClick={() => setEditing(true)}>{t('lending.customers.edit')}</button>}
          {canManage && <Link to={`/lending/loans/new?customer=${customer.uuid}`} className="btn btn-primary">{t('lending.newTicket')}</Link>}
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 text-sm">
          <dt className="text-base-content/70">{t('lending.customer.phone')}</dt><dd>{customer.phone_number || '—'}</dd>
          <dt className="text-base-content/70">{t('lending.customer.address')}</dt><dd>{customer.address || '—'}</dd>
          <dt className="text-base-content/70">{t('lending.customer.id')}</dt><dd data-no-snapshot>{[customer.id_type, shownIdNumber(customer.id_number)].filter(Boolean).join(' ') || '—'}</dd>
          <dt className="text-base-content/70">{t('lending.customer.email')}</dt><dd className="break-all">{customer.email || '—'}</dd>
          <dt className="text-base-content/70">{t('lending.customer.birthDate')}</dt><dd>{customer.birth_date ? formatDay(customer.birth_date) : '—'}</dd>
          <dt className="text-base-content/70">{t('lending.customer.nationality')}</dt><dd>{customer.nationality || '—'}</dd>
          <dt className="text-base-content/70">{t('lending.customer.work')}</dt><dd>{customer.occupation || '—'}</dd>
          <dt className="text-base-content/70">{t('lending.customer.sourceOfFunds')}</dt><dd>{customer.source_of_funds || '—'}</dd>
          <dt className="text-base-content/70">{t('lending.customer.language')}</dt><dd data-testid="customer-language">{customer.language ? LANGUAGE_NAMES[customer.language] : t('lending.customer.languageSiteDefault')}</dd>
        </dl>
        <div className="stats overflow-hidden border border-base-300 bg-base-100">
          <div className="stat">
            <div className="stat-title">{t('lending.customer.balance')}</div>
            <div className="stat-value text-2xl" data-testid="customer-balance">{formatCurrency(balanceOf(loans, today))}</div>
            <div className="stat-desc whitespace-normal">{t('lending.customer.balanceText', { count: active.length })}</div>
          </div>
        </div>
      </div>
      <section className="flex flex-col gap-3" aria-labelledby="customer-loans">
        <h2 id="customer-loans" className="text-lg font-semibold">{t('lending.loans.title')}</h2>
        {loans.length === 0 ? (
          <EmptyState title={t('lending.customer.noLoans')} action={canManage ? <Link to={`/lending/loans/new?customer=${customer.uuid}`} className="btn btn-primary">{t('lending.newTicket')}</Link> : undefined} />
        ) : (
          <LoanList rows={loans.map((loan) => ({ loan }))} label={t('lending.customer.loansLabel')} today={today} showCustomer={false} />
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="customer-items">
        <h2 id="customer-items" className="text-lg font-semibold">{t('lending.items')}</h2>
        {items.length === 0 ? (
          <p className="text-base-content/70">{t('lending.customer.noItems')}</p>
        ) : (
          <ItemList items={items} label={t('lending.customer.itemsLabel')} linkToLoan />
        )}
      </section>
      <Drawer open={editing} title={t('lending.customers.edit')} onClose={() => setEditing(false)}>
        {editing && <CustomerForm customer={customer} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />}
      </Drawer>
    </div>
  );
}
