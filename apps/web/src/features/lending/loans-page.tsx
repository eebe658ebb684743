import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../components/ui/pagination';
import { useT, type MessageKey } from '../../lib/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { bookStillComing, useFirstSync } from '../../offline/first-sync';
import { LENDING_PAGE_SIZE, LOAN_TABS, useCounterToday, useLoanCount, useLoanPage, type LoanTab } from './book/lending-queries';
import { hasPermission, useAuth } from '../../session/auth-store';
import { FirstSyncNotice } from './components/first-sync-notice';
import { ListState } from './components/list-state';
import { LoanList } from './components/loan-list';
import { PageHeader } from './components/page-header';
import { SearchBox } from './components/search-box';
import { Tabs } from './components/tabs';

const TAB_LABEL: Record<LoanTab, MessageKey> = {
  recent: 'lending.loans.tab.recent',
  active: 'lending.status.active',
  maturing: 'lending.loans.tab.maturing',
  expired: 'lending.loans.tab.expired',
  renewed: 'lending.status.renewed',
  redeemed: 'lending.status.redeemed',
  forfeited: 'lending.status.forfeited',
};

/** The list's name per tab ('Active loans'). */
const LIST_LABEL: Record<LoanTab, MessageKey> = {
  recent: 'lending.loans.list.recent',
  active: 'lending.loans.list.active',
  maturing: 'lending.loans.list.maturing',
  expired: 'lending.loans.list.expired',
  renewed: 'lending.loans.list.renewed',
  redeemed: 'lending.loans.list.redeemed',
  forfeited: 'lending.loans.list.forfeited',
};

const EMPTY_TEXT: Record<LoanTab, MessageKey> = {
  recent: 'lending.loans.empty.recent',
  active: 'lending.loans.empty.active',
  maturing: 'lending.loans.empty.maturing',
  expired: 'lending.loans.empty.expired',
  renewed: 'lending.loans.empty.renewed',
  redeemed: 'lending.loans.empty.redeemed',
  forfeited: 'lending.loans.empty.forfeited',
};

function isTab(value: string | null): value is LoanTab {
  return (LOAN_TABS as readonly string[]).includes(value ?? '');
}

/** Loans by tab (the 50 most recent first), searched by ticket number or customer, a page at a time from the local store. */
export function LoansPage() {
  const t = useT('lending');
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const [params, setParams] = useSearchParams();
  const tab: LoanTab = isTab(params.get('tab')) ? (params.get('tab') as LoanTab) : 'recent';
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [page, setPage] = useState(1);
  const today = useCounterToday();
  const list = useLoanPage(tab, debounced, page, today);
  useEffect(() => setPage(1), [debounced, tab]);
  // The date tabs show their rows first and count the active loans apart.
  const counted = useLoanCount(tab, today, list.data !== undefined && list.data.total === null);

  const data = list.data;
  const firstSync = useFirstSync();
  const coming = bookStillComing(firstSync);
  const searching = debounced.trim() !== '';
  const total = data?.total ?? counted.data ?? null;
  const lastPage = data?.lastPage ?? (total === null ? null : Math.max(1, Math.ceil(total / LENDING_PAGE_SIZE)));
  const newTicket = canManage ? <Link to="/lending/loans/new" className="btn btn-primary">{t('lending.newTicket')}</Link> : undefined;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader title={t('lending.loans.title')} text={t('lending.loans.text')} action={newTicket} />
      <FirstSyncNotice state={firstSync} meaning={t('lending.loans.firstSync')} />
      <Tabs label={t('lending.loans.tabs')} tabs={LOAN_TABS.map((id) => ({ id, label: t(TAB_LABEL[id]) }))} current={tab} onChange={(id) => setParams(id === 'recent' ? {} : { tab: id })} />
      <SearchBox label={t('lending.loans.search')} placeholder={t('lending.loans.searchPlaceholder')} value={search} onChange={setSearch} />
      <ListState
        stale={list.stale}
        loading={list.loading || !data}
        error={list.error}
        empty={data !== undefined && data.rows.length === 0 && data.page === 1}
        onRetry={list.retry}
        loadingText={t('lending.loans.loading')}
        emptyTitle={coming ? (searching ? t('lending.noMatchYet') : t('lending.loans.downloading')) : searching ? t('lending.loans.noneFound') : t('lending.loans.none')}
        emptyText={coming ? searching ? t('lending.loans.maybeNotDownloaded') : t('lending.loans.appearAsDownloaded') : searching ? t('lending.loans.tryAnother') : t(EMPTY_TEXT[tab])}
        emptyAction={!searching && !coming && tab === 'recent' ? newTicket : undefined}
      >
        {data && (
          <>
            <LoanList rows={data.rows} label={t(LIST_LABEL[tab])} today={today} />
            <p className="text-sm text-base-content/70">
              {total === null ? t('lending.loans.counting') : coming ? t('lending.loans.countSoFar', { count: total }) : t('lending.loans.count', { count: total })}
              {tab === 'recent' && !debounced.trim() ? t('lending.loans.mostRecent') : ''}
            </p>
            <Pagination currentPage={data.page} lastPage={lastPage ?? data.page} onPageChange={setPage} />
          </>
        )}
      </ListState>
    </div>
  );
}
