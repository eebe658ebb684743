import { noticeAuction, noticeLines } from '@kalinga/contracts/pawn-notice-rules';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { formatCurrency } from '../../../lib/format';
import { useSiteSettings } from '../../../lib/site-settings';
import { noticeStatusText, problemText, useNotice } from './notices-api';

// On paper only the letter: the app's frame and this page's controls are hidden by the print style.
const PRINT_CSS = '@media print { body * { visibility: hidden; } [data-letter], [data-letter] * { visibility: visible; } [data-letter] { position: absolute; inset: 0; border: 0; } @page { size: A5 portrait; margin: 12mm; } }';

/** The notice as a printed letter, with the same words as its email; only once the notice is recorded. */
export function NoticeLetterPage() {
  const { uuid = '' } = useParams();
  const notice = useNotice(uuid);
  const settings = useSiteSettings(true);
  if (notice.isPending) return <LoadingBlock text="Loading the letter..." />;
  if (notice.isError) {
    if (notice.error instanceof ApiError && notice.error.status === 404) return <EmptyState title="Loan not found" action={<Link to="/lending/notices" className="btn">Back to Notices</Link>} />;
    return <ErrorAlert message={problemText(notice.error, 'Could not load the letter.')} onRetry={() => void notice.refetch()} />;
  }
  const row = notice.data;
  const back = <Link to="/lending/notices" className="link link-hover text-sm">← Notices</Link>;
  if (!row.notice) return <div className="mx-auto flex max-w-2xl flex-col gap-4">{back}<EmptyState title="No notice recorded yet" text="Send or record the notice on the Notices screen first; the letter prints what it recorded." /></div>;
  const shop = settings.data?.business_name || settings.data?.site_name || '';
  // The auction the notice recorded when it was sent (decision 0194; one sent before that: the settings now), its
  // date in words like the period's end.
  const recorded = row.notice.auction;
  const auction = noticeAuction(recorded ? { pawn_auction_date: recorded.date, pawn_auction_place: recorded.place } : (settings.data ?? {}), row.notice.expiry_date);
  const lines = noticeLines({
    shop,
    shopAddress: settings.data?.business_address ?? null,
    pawner: row.customer_name,
    ticket: row.pawn_ticket_number,
    expiry: formatLongDate(`${row.notice.expiry_date}T12:00:00`),
    amountDue: formatCurrency(row.notice.amount_due),
    items: row.items.map((i) => i.description),
    auction: auction && { date: auction.date && formatLongDate(`${auction.date}T12:00:00`), place: auction.place },
  });
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {back}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>Print Letter</button>
      </div>
      <p className="text-sm text-base-content/70" data-testid="letter-status">{noticeStatusText(row.notice)}</p>
      <article className="rounded-box border border-base-300 bg-base-100 p-6 text-sm leading-relaxed" data-letter aria-labelledby="letter-title">
        <p className="font-bold">{shop}</p>
        {settings.data?.business_address && <p>{settings.data.business_address}</p>}
        {settings.data?.bsp_registration && <p>BSP registration: {settings.data.bsp_registration}</p>}
        <p className="mt-4">{formatLongDate(row.notice.sent_at)}</p>
        <p className="mt-4">{row.customer_name}</p>
        {row.customer_address && <p>{row.customer_address}</p>}
        <h1 id="letter-title" className="mt-4 font-bold">Notice: the redemption period of pawn ticket {row.pawn_ticket_number} ends on {formatLongDate(`${row.notice.expiry_date}T12:00:00`)}</h1>
        <p className="mt-4">Dear {row.customer_name},</p>
        {lines.map((line) => <p key={line} className="mt-3">{line}</p>)}
        <p className="mt-8">{shop}</p>
      </article>
    </div>
  );
}
