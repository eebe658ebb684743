import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { formatCurrency } from '../../../lib/format';
import { hasPermission, useAuth } from '../../auth/auth-store';
import { PageHeader } from '../components/page-header';
import { formatDay } from '../lending-figures';
import { noticeStatusText, type NoticeRow, problemText, useNoticeList, useSendNotice } from './notices-api';

/** Lending › Notices: tickets whose redemption period ends soon, each sent its notice once (email or letter). */
export function NoticesPage() {
  const [page, setPage] = useState(1);
  const list = useNoticeList(page);
  const data = list.data;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Notices"
        text={data ? `Tickets whose redemption period ends within ${data.within_days} days: send each its notice before it ends` : 'Tickets whose redemption period ends soon'}
        action={<Link to="/lending/auction" className="btn">Auction List</Link>}
      />
      {list.isPending && !data ? (
        <LoadingBlock text="Loading notices..." />
      ) : !data ? (
        <ErrorAlert message={problemText(list.error, 'Could not load the notices.')} onRetry={() => void list.refetch()} />
      ) : data.data.length === 0 ? (
        <EmptyState title="No notices due" text={`No active ticket’s redemption period ends within ${data.within_days} days. The number of days is in Settings › Site Settings › Pawnshop.`} />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Tickets to notify" aria-busy={list.isPlaceholderData}>
            {data.data.map((row) => <NoticeCard key={row.loan_uuid} row={row} emails={data.email_configured} />)}
          </ul>
          {data.meta.last_page > 1 && <Pagination currentPage={data.meta.current_page} lastPage={data.meta.last_page} onPageChange={setPage} />}
        </>
      )}
    </div>
  );
}

function NoticeCard({ row, emails }: { row: NoticeRow; emails: boolean }) {
  const byEmail = emails && row.customer_email !== null;
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const send = useSendNotice();
  const [key] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const sendNow = async () => {
    setProblem(null);
    try {
      const saved = await send.mutateAsync({ uuid: row.loan_uuid, key });
      notifySuccess(saved.notice?.email_status === 'none' ? 'Notice recorded: print the letter' : 'Notice recorded: the email is on its way');
    } catch (error) {
      const text = problemText(error, 'The notice could not be sent.');
      setProblem(text);
      notifyError(text);
    }
  };
  const headingId = `notice-${row.loan_uuid}`;
  return (
    <li className="card border border-base-300 bg-base-100" data-testid="notice-row" aria-labelledby={headingId}>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold">
              <Link to={`/lending/loans/${row.loan_uuid}`} className="link link-hover font-mono">{row.pawn_ticket_number}</Link>
              {' · '}
              {row.customer_name}
            </h2>
            <p className="text-sm text-base-content/80">Redemption period ends <strong>{formatDay(row.expiry_date)}</strong> · to redeem then {formatCurrency(row.amount_due)}</p>
            <p className="break-words text-sm text-base-content/70">{row.items.map((i) => i.description).join('; ')}</p>
            <p className="break-all text-sm text-base-content/70">{byEmail ? `Emailed to ${row.customer_email}` : row.customer_email ? 'The server sends no email: the notice is a printed letter' : 'No email address: the notice is a printed letter'}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {!row.notice && canManage && (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => void sendNow()} disabled={send.isPending}>
                {send.isPending ? 'Sending...' : byEmail ? 'Send Notice' : 'Record Notice'}
              </button>
            )}
            {row.notice && <Link to={`/lending/notices/${row.loan_uuid}/letter`} className="btn btn-sm">Print Letter</Link>}
          </div>
        </div>
        {row.notice ? (
          <p className={`text-sm ${row.notice.email_status === 'failed' ? 'text-error' : 'text-success-content'}`} data-testid="notice-status">
            <span className={`badge badge-sm mr-2 ${row.notice.email_status === 'failed' ? 'badge-error' : 'badge-success'}`}>Notice sent</span>
            {noticeStatusText(row.notice)}
          </p>
        ) : (
          <p className="text-sm text-base-content/70" data-testid="notice-status"><span className="badge badge-sm badge-warning mr-2">Not sent</span></p>
        )}
        {problem && <p role="alert" className="text-sm text-error">{problem}</p>}
      </div>
    </li>
  );
}
