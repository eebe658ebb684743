import { useCounterZone } from '../book/lending-queries';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../components/page-header';
import { formatDay } from '../lending-figures';
import { noticeStatusText, problemText, useAuctionList } from './notices-api';

/** Lending › Auction List: forfeited items not sold yet, with their tickets' dates and what the notice recorded. */
export function AuctionPage() {
  const t = useT('lending');
  const zone = useCounterZone();
  const [page, setPage] = useState(1);
  const list = useAuctionList(page);
  const data = list.data;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader title={t('lending.auction.title')} text={t('lending.auction.text')} action={<Link to="/lending/items" className="btn">{t('lending.auction.sell')}</Link>} />
      {list.isPending && !data ? (
        <LoadingBlock text={t('lending.auction.loading')} />
      ) : !data ? (
        <ErrorAlert message={problemText(list.error, t('lending.auction.loadError'))} onRetry={() => void list.refetch()} />
      ) : data.data.length === 0 ? (
        <EmptyState title={t('lending.auction.none')} text={t('lending.auction.noneText')} />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={t('lending.auction.list')} aria-busy={list.isPlaceholderData}>
            {data.data.map((r) => (
              <li key={r.item_uuid} className="card border border-base-300 bg-base-100" data-testid="auction-row">
                <div className="card-body gap-2 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 className="min-w-0 break-words font-semibold">{r.description}</h2>
                    <span className={`badge ${r.item_status === 'for_sale' ? 'badge-info' : 'badge-warning'}`}>{r.item_status === 'for_sale' ? t('lending.auction.forSaleAt', { amount: formatCurrency(r.selling_price) }) : t('lending.auction.noPrice')}</span>
                  </div>
                  <p className="text-sm">
                    <Link to={`/lending/loans/${r.loan_uuid}`} className="link link-hover font-mono">{r.pawn_ticket_number}</Link> · {r.customer_name} · {t('lending.auction.appraised', { amount: formatCurrency(r.appraisal_value) })}
                  </p>
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                    <div><dt className="text-base-content/70">{t('lending.loanDate')}</dt><dd>{formatDay(r.loan_date)}</dd></div>
                    <div><dt className="text-base-content/70">{t('lending.auction.maturity')}</dt><dd>{formatDay(r.maturity_date)}</dd></div>
                    <div><dt className="text-base-content/70">{t('lending.auction.redemptionEnded')}</dt><dd>{formatDay(r.expiry_date)}</dd></div>
                    <div><dt className="text-base-content/70">{t('lending.status.forfeited')}</dt><dd>{formatDay(r.forfeiture_date)}</dd></div>
                  </dl>
                  <p className={`text-sm ${r.notice ? '' : 'text-error'}`} data-testid="auction-notice">
                    {r.notice ? t('lending.auction.notice', { status: noticeStatusText(r.notice, zone), amount: formatCurrency(r.notice.amount_due), date: formatDay(r.notice.expiry_date) }) : t('lending.auction.noNotice')}
                  </p>
                  {r.forfeit_override && (
                    <p className="text-sm" data-testid="auction-override">
                      {t('lending.auction.override', { by: r.forfeit_override.by ?? t('lending.auction.formerUser'), reason: r.forfeit_override.reason })}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {data.meta.last_page > 1 && <Pagination currentPage={data.meta.current_page} lastPage={data.meta.last_page} onPageChange={setPage} />}
        </>
      )}
    </div>
  );
}
