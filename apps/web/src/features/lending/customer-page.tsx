import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Drawer } from '../../components/ui/drawer';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { formatCurrency } from '../../lib/format';
import { useCounterToday, useCustomerDetail } from './book/lending-queries';
import { hasPermission, useAuth } from '../auth/auth-store';
import { CustomerForm } from './components/customer-form';
import { LoanList } from './components/loan-list';
import { ItemList } from './components/item-list';
import { SyncBadge } from './components/sync-badge';
import { balanceOf, formatDay } from './lending-figures';

/** One customer: details, running balance (to redeem every active loan today), loans and items. */
export function CustomerPage() {
  const { uuid = '' } = useParams();
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const today = useCounterToday();
  const detail = useCustomerDetail(uuid);
  const [editing, setEditing] = useState(false);

  if (detail.error) return <ErrorAlert message={`Could not read the local book: ${detail.error.message}`} onRetry={detail.retry} />;
  if (detail.loading || detail.stale || !today) return <LoadingBlock text="Loading customer..." />;
  if (!detail.data) return <EmptyState title="Customer not found" text="This customer is not on this device." action={<Link to="/lending/customers" className="btn">Back to Customers</Link>} />;
  const { customer, loans, items } = detail.data;
  const active = loans.filter((l) => l.status === 'active');

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <Link to="/lending/customers" className="link link-hover text-sm">← Customers</Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{customer.first_name} {customer.last_name}</h1>
          <div className="mt-1"><SyncBadge record={customer} /></div>
        </div>
        <div className="flex flex-wrap gap-2">
          {canManage && <button type="button" className="btn" onClick={() => setEditing(true)}>Edit Customer</button>}
          {canManage && <Link to={`/lending/loans/new?customer=${customer.uuid}`} className="btn btn-primary">New Pawn Ticket</Link>}
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 text-sm">
          <dt className="text-base-content/70">Phone</dt><dd>{customer.phone_number || '—'}</dd>
          <dt className="text-base-content/70">Address</dt><dd>{customer.address || '—'}</dd>
          <dt className="text-base-content/70">ID</dt><dd>{[customer.id_type, customer.id_number].filter(Boolean).join(' ') || '—'}</dd>
          <dt className="text-base-content/70">Email</dt><dd className="break-all">{customer.email || '—'}</dd>
          <dt className="text-base-content/70">Date of birth</dt><dd>{customer.birth_date ? formatDay(customer.birth_date) : '—'}</dd>
          <dt className="text-base-content/70">Nationality</dt><dd>{customer.nationality || '—'}</dd>
          <dt className="text-base-content/70">Work</dt><dd>{customer.occupation || '—'}</dd>
          <dt className="text-base-content/70">Source of funds</dt><dd>{customer.source_of_funds || '—'}</dd>
        </dl>
        <div className="stats overflow-hidden border border-base-300 bg-base-100">
          <div className="stat">
            <div className="stat-title">Balance today</div>
            <div className="stat-value text-2xl" data-testid="customer-balance">{formatCurrency(balanceOf(loans, today))}</div>
            <div className="stat-desc whitespace-normal">To redeem {active.length} active loan{active.length === 1 ? '' : 's'}: principal, interest and penalty</div>
          </div>
        </div>
      </div>
      <section className="flex flex-col gap-3" aria-labelledby="customer-loans">
        <h2 id="customer-loans" className="text-lg font-semibold">Loans</h2>
        {loans.length === 0 ? (
          <EmptyState title="No loans yet" action={canManage ? <Link to={`/lending/loans/new?customer=${customer.uuid}`} className="btn btn-primary">New Pawn Ticket</Link> : undefined} />
        ) : (
          <LoanList rows={loans.map((loan) => ({ loan }))} label="Loans of this customer" today={today} showCustomer={false} />
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="customer-items">
        <h2 id="customer-items" className="text-lg font-semibold">Items</h2>
        {items.length === 0 ? (
          <p className="text-base-content/70">No items.</p>
        ) : (
          <ItemList items={items} label="Items of this customer" linkToLoan />
        )}
      </section>
      <Drawer open={editing} title="Edit Customer" onClose={() => setEditing(false)}>
        {editing && <CustomerForm customer={customer} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />}
      </Drawer>
    </div>
  );
}
