import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Drawer } from '../../components/ui/drawer';
import { Pagination } from '../../components/ui/pagination';
import { useT } from '../../lib/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { bookStillComing, useFirstSync } from '../../offline/first-sync';
import { useCustomerPage, type LocalCustomer } from './book/lending-queries';
import { hasPermission, useAuth } from '../../session/auth-store';
import { CustomerForm } from './components/customer-form';
import { FirstSyncNotice } from './components/first-sync-notice';
import { ListState } from './components/list-state';
import { PageHeader } from './components/page-header';
import { SearchBox } from './components/search-box';
import { SyncBadge } from './components/sync-badge';

type Editing = { customer: LocalCustomer | null } | null;

/** Customers: search as you type over name words and phone, sorted by last + first name; add and edit in the drawer. */
export function CustomersPage() {
  const t = useT('lending');
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
        title={t('lending.customers.title')}
        text={t('lending.customers.text')}
        action={canManage && (
          <button type="button" className="btn btn-primary" onClick={add}>
            <span aria-hidden="true">+</span> {t('lending.customers.add')}
          </button>
        )}
      />
      <FirstSyncNotice state={firstSync} meaning={t('lending.customers.firstSync')} />
      <SearchBox label={t('lending.customers.search')} placeholder={t('lending.customers.searchPlaceholder')} value={search} onChange={setSearch} />
      <ListState
        stale={list.stale}
        loading={list.loading}
        error={list.error}
        empty={data?.total === 0}
        onRetry={list.retry}
        loadingText={t('lending.customers.loading')}
        emptyTitle={coming ? (searching ? t('lending.noMatchYet') : t('lending.customers.downloading')) : searching ? t('lending.customers.noneFound') : t('lending.customers.none')}
        emptyText={coming ? searching ? t('lending.customers.maybeNotDownloaded') : t('lending.customers.appearAsDownloaded') : searching ? t('lending.customers.adjustSearch') : t('lending.customers.addFirstText')}
        emptyAction={canManage && !searching && !coming ? <button type="button" className="btn btn-primary" onClick={add}>{t('lending.customers.addFirst')}</button> : undefined}
      >
        {data && (
          <>
            <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label={t('lending.customers.title')}>
              {data.rows.map((c) => (
                <li key={c.uuid} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                  <div className="min-w-0 flex-1 basis-52">
                    <Link to={`/lending/customers/${c.uuid}`} className="link link-hover font-semibold">
                      {c.last_name}, {c.first_name}
                    </Link>
                    <p className="truncate text-sm text-base-content/70">{[c.phone_number, c.address].filter(Boolean).join(' · ') || t('lending.customers.noPhoneOrAddress')}</p>
                  </div>
                  <SyncBadge record={c} />
                  {canManage && (
                    <button type="button" className="btn btn-ghost btn-sm" aria-label={t('lending.customers.editLabel', { name: `${c.first_name} ${c.last_name}` })} onClick={() => setEditing({ customer: c })}>
                      {t('lending.edit')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <p className="text-sm text-base-content/70">{coming ? t('lending.customers.countSoFar', { count: data.total }) : t('lending.customers.count', { count: data.total })}</p>
            <Pagination currentPage={data.page} lastPage={data.lastPage} onPageChange={setPage} />
          </>
        )}
      </ListState>
      <Drawer open={editing !== null} title={editing?.customer ? t('lending.customers.edit') : t('lending.customers.add')} onClose={() => setEditing(null)}>
        {editing && <CustomerForm key={editing.customer?.uuid ?? 'new'} customer={editing.customer} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      </Drawer>
    </div>
  );
}
