import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Drawer } from '../../components/ui/drawer';
import { Pagination } from '../../components/ui/pagination';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { bookStillComing, useFirstSync } from '../../offline/first-sync';
import { useCustomerPage, type LocalCustomer } from './book/lending-queries';
import { hasPermission, useAuth } from '../auth/auth-store';
import { CustomerForm } from './components/customer-form';
import { FirstSyncNotice } from './components/first-sync-notice';
import { ListState } from './components/list-state';
import { PageHeader } from './components/page-header';
import { SearchBox } from './components/search-box';
import { SyncBadge } from './components/sync-badge';

type Editing = { customer: LocalCustomer | null } | null;

/** Customers: search as you type over name words and phone, sorted by last + first name; add and edit in the drawer. */
export function CustomersPage() {
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useCustomerPage(debounced, page);
  useEffect(() => setPage(1), [debounced]);

  const data = list.data;
  const firstSync = useFirstSync();
  const coming = bookStillComing(firstSync);
  const searching = debounced.trim() !== '';
  const add = () => setEditing({ customer: null });
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Customers"
        text="The pawners of this shop, kept on this device"
        action={canManage && (
          <button type="button" className="btn btn-primary" onClick={add}>
            <span aria-hidden="true">+</span> Add Customer
          </button>
        )}
      />
      <FirstSyncNotice state={firstSync} meaning="Customers not downloaded yet are not listed or found here: before adding a customer, wait for the download to finish." />
      <SearchBox label="Search customers" placeholder="Search by name or phone..." value={search} onChange={setSearch} />
      <ListState
        stale={list.stale}
        loading={list.loading}
        error={list.error}
        empty={data?.total === 0}
        onRetry={list.retry}
        loadingText="Loading customers..."
        emptyTitle={coming ? (searching ? 'No match yet: still downloading' : 'Customers are still downloading') : searching ? 'No customers found' : 'No customers yet'}
        emptyText={coming ? searching ? 'The customer may be in the part of the book not downloaded yet.' : 'Customers appear here as the download brings them.' : searching ? 'Try adjusting your search terms' : 'Add the first customer to write a pawn ticket.'}
        emptyAction={canManage && !searching && !coming ? <button type="button" className="btn btn-primary" onClick={add}>Add Your First Customer</button> : undefined}
      >
        {data && (
          <>
            <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label="Customers">
              {data.rows.map((c) => (
                <li key={c.uuid} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                  <div className="min-w-0 flex-1 basis-52">
                    <Link to={`/lending/customers/${c.uuid}`} className="link link-hover font-semibold">
                      {c.last_name}, {c.first_name}
                    </Link>
                    <p className="truncate text-sm text-base-content/70">{[c.phone_number, c.address].filter(Boolean).join(' · ') || 'No phone or address'}</p>
                  </div>
                  <SyncBadge record={c} />
                  {canManage && (
                    <button type="button" className="btn btn-ghost btn-sm" aria-label={`Edit ${c.first_name} ${c.last_name}`} onClick={() => setEditing({ customer: c })}>
                      Edit
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <p className="text-sm text-base-content/70">{data.total} customer{data.total === 1 ? '' : 's'}{coming ? ' so far' : ''}</p>
            <Pagination currentPage={data.page} lastPage={data.lastPage} onPageChange={setPage} />
          </>
        )}
      </ListState>
      <Drawer open={editing !== null} title={editing?.customer ? 'Edit Customer' : 'Add Customer'} onClose={() => setEditing(null)}>
        {editing && <CustomerForm key={editing.customer?.uuid ?? 'new'} customer={editing.customer} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      </Drawer>
    </div>
  );
}
