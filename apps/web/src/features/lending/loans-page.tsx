import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../components/ui/pagination';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { bookStillComing, useFirstSync } from '../../offline/first-sync';
import { LENDING_PAGE_SIZE, LOAN_TABS, useCounterToday, useLoanCount, useLoanPage, type LoanTab } from './book/lending-queries';
import { hasPermission, useAuth } from '../auth/auth-store';
import { FirstSyncNotice } from './components/first-sync-notice';
import { ListState } from './components/list-state';
import { LoanList } from './components/loan-list';
import { PageHeader } from './components/page-header';
import { SearchBox } from './components/search-box';
import { Tabs } from './components/tabs';

const TAB_LABEL: Record<LoanTab, string> = {
  recent: 'Recent',
  active: 'Active',
  maturing: 'Maturing',
  expired: 'Expired',
  renewed: 'Renewed',
  redeemed: 'Redeemed',
  forfeited: 'Forfeited',
};

const EMPTY_TEXT: Record<LoanTab, string> = {
  recent: 'Write the first pawn ticket.',
  active: 'No active loans.',
  maturing: 'No loan matures within the next 7 days.',
  expired: 'No active loan is past its expiry date.',
  renewed: 'No renewed loans.',
  redeemed: 'No redeemed loans.',
  forfeited: 'No forfeited loans.',
};

function isTab(value: string | null): value is LoanTab {
  return (LOAN_TABS as readonly string[]).includes(value ?? '');
}

/** Loans by tab (the 50 most recent first), searched by ticket number or customer, a page at a time from the local store. */
export function LoansPage() {
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
  const newTicket = canManage ? <Link to="/lending/loans/new" className="btn btn-primary">New Pawn Ticket</Link> : undefined;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader title="Loans" text="Pawn tickets of this shop, kept on this device" action={newTicket} />
      <FirstSyncNotice state={firstSync} meaning="Loans not downloaded yet are not listed or found here, and the counts are not final." />
      <Tabs label="Loan status" tabs={LOAN_TABS.map((id) => ({ id, label: TAB_LABEL[id] }))} current={tab} onChange={(id) => setParams(id === 'recent' ? {} : { tab: id })} />
      <SearchBox label="Search loans" placeholder="Ticket number or customer..." value={search} onChange={setSearch} />
      <ListState
        stale={list.stale}
        loading={list.loading || !data}
        error={list.error}
        empty={data !== undefined && data.rows.length === 0 && data.page === 1}
        onRetry={list.retry}
        loadingText="Loading loans..."
        emptyTitle={coming ? (searching ? 'No match yet: still downloading' : 'Loans are still downloading') : searching ? 'No loans found' : 'No loans here'}
        emptyText={coming ? searching ? 'The loan may be in the part of the book not downloaded yet.' : 'Loans appear here as the download brings them.' : searching ? 'Try another ticket number or name' : EMPTY_TEXT[tab]}
        emptyAction={!searching && !coming && tab === 'recent' ? newTicket : undefined}
      >
        {data && (
          <>
            <LoanList rows={data.rows} label={`${TAB_LABEL[tab]} loans`} today={today} />
            <p className="text-sm text-base-content/70">
              {total === null ? 'Counting…' : `${total} loan${total === 1 ? '' : 's'}${coming ? ' so far' : ''}`}
              {tab === 'recent' && !debounced.trim() ? ' (the most recent)' : ''}
            </p>
            <Pagination currentPage={data.page} lastPage={lastPage ?? data.page} onPageChange={setPage} />
          </>
        )}
      </ListState>
    </div>
  );
}
