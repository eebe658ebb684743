import { useCounterZone } from '../book/lending-queries';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { hasPermission, useAuth } from '../../../session/auth-store';
import { PageHeader } from '../components/page-header';
import { formatDay } from '../lending-figures';
import { noticeStatusText, type NoticeRow, problemText, useNoticeList, useSendNotice } from './notices-api';

/** Lending › Notices: tickets whose redemption period ends soon, each sent its notice once (email or letter). */
export function NoticesPage() {
  const t = useT('lending');
  const [page, setPage] = useState(1);
  const list = useNoticeList(page);
  const data = list.data;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title={t('lending.notices.title')}
        text={data ? t('lending.notices.text', { days: data.within_days }) : t('lending.notices.textSoon')}
        action={<Link to="/lending/auction" className="btn">{t('lending.auction.title')}</Link>}
      />
      {list.isPending && !data ? (
        <LoadingBlock text={t('lending.notices.loading')} />
      ) : !data ? (
        <ErrorAlert message={problemText(list.error, t('lending.notices.loadError'))} onRetry={() => void list.refetch()} />
      ) : data.data.length === 0 ? (
        <EmptyState title={t('lending.notices.none')} text={t('lending.notices.noneText', { days: data.within_days })} />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={t('lending.notices.list')} aria-busy={list.isPlaceholderData}>
            {data.data.map((row) => <NoticeCard key={row.loan_uuid} row={row} emails={data.email_configured} />)}
          </ul>
          {data.meta.last_page > 1 && <Pagination currentPage={data.meta.current_page} lastPage={data.meta.last_page} onPageChange={setPage} />}
        </>
      )}
    </div>
  );
}

function NoticeCard({ row, emails }: { row: NoticeRow; emails: boolean }) {
  const t = useT('lending');
  const zone = useCounterZone();
  const byEmail = emails && row.customer_email !== null;
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const send = useSendNotice();
  const [key] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const sendNow = async () => {
    setProblem(null);
    try {
      const saved = await send.mutateAsync({ uuid: row.loan_uuid, key });
      notifySuccess(saved.notice?.email_status === 'none' ? t('lending.notices.recordedLetter') : t('lending.notices.recordedEmail'));
    } catch (error) {
      const text = problemText(error, t('lending.notices.sendError'));
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
            <p className="text-sm text-base-content/80">{t('lending.notices.ends')} <strong>{formatDay(row.expiry_date)}</strong> · {t('lending.notices.toRedeem', { amount: formatCurrency(row.amount_due) })}</p>
            <p className="break-words text-sm text-base-content/70">{row.items.map((i) => i.description).join('; ')}</p>
            <p className="break-all text-sm text-base-content/70">{byEmail ? t('lending.notices.emailedTo', { email: row.customer_email ?? '' }) : row.customer_email ? t('lending.notices.noServerEmail') : t('lending.notices.noEmail')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {!row.notice && canManage && (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => void sendNow()} disabled={send.isPending}>
                {send.isPending ? t('lending.notices.sending') : byEmail ? t('lending.notices.send') : t('lending.notices.record')}
              </button>
            )}
            {row.notice && <Link to={`/lending/notices/${row.loan_uuid}/letter`} className="btn btn-sm">{t('lending.letter.print')}</Link>}
          </div>
        </div>
        {row.notice ? (
          <p className={`text-sm ${row.notice.email_status === 'failed' ? 'text-error' : 'text-success-content'}`} data-testid="notice-status">
            <span className={`badge badge-sm mr-2 ${row.notice.email_status === 'failed' ? 'badge-error' : 'badge-success'}`}>{t('lending.notices.sent')}</span>
            {noticeStatusText(row.notice, zone)}
          </p>
        ) : (
          <p className="text-sm text-base-content/70" data-testid="notice-status"><span className="badge badge-sm badge-warning mr-2">{t('lending.loan.noticeNotSent')}</span></p>
        )}
        {problem && <p role="alert" className="text-sm text-error">{problem}</p>}
      </div>
    </li>
  );
}
