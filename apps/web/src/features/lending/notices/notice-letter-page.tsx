import { useCounterZone } from '../book/lending-queries';
import { noticeAuction, noticeLines, type NoticeWords } from '@kalinga/contracts/lending/notice-rules';
import { LANGUAGE_NAMES } from '@kalinga/contracts/languages';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { formatCurrency } from '../../../lib/format';
import { InLanguage, useLanguage, useLocale, useT, type Translate } from '../../../lib/i18n';
import type { NoticeRow } from '@kalinga/contracts/lending/notices';
import type { SiteSettings } from '../../../session/site-settings';
import { pawnerLanguage } from '../pawner-language';
import { useSiteSettings } from '../../../session/site-settings';
import { lendingShop } from '../lending-shop';
import { noticeStatusText, problemText, useNotice } from './notices-api';

// On paper only the letter: the app's frame and this page's controls are hidden by the print style.
const PRINT_CSS = '@media print { body * { visibility: hidden; } [data-letter], [data-letter] * { visibility: visible; } [data-letter] { position: absolute; inset: 0; border: 0; } @page { size: A5 portrait; margin: 12mm; } }';

/**
 * The letter's paragraphs in Filipino (decision 0275): the same facts and sentences as noticeLines, which the email
 * and the English letter use word for word.
 */
function filipinoLines(t: Translate, w: NoticeWords): string[] {
  const auction = w.auction;
  return [
    t('lending.letter.remind', { ticket: w.ticket, expiry: w.expiry }),
    t('lending.letter.pawned', { items: w.items.join('; ') }),
    t('lending.letter.toRedeem', { amount: w.amountDue }),
    t('lending.letter.auction', {
      named: auction?.date || auction?.place ? 'yes' : 'no',
      when: auction?.date ? t('lending.letter.auctionOn', { date: auction.date }) : '',
      where: auction?.place ? t('lending.letter.auctionAt', { place: auction.place }) : '',
    }),
  ];
}

/**
 * The letter as printed, in the pawner's language (decision 0316), with the same words as its email (noticeLines in
 * English; in Filipino the same sentences from the catalog).
 */
function PrintedLetter({ row, settings }: { row: NoticeRow & { notice: NonNullable<NoticeRow['notice']> }; settings: SiteSettings | undefined }) {
  const t = useT('lending');
  const language = useLanguage();
  const locale = useLocale();
  const { name: shop, address: shopAddress, registration } = lendingShop(settings, row.branch);
  const longDate = (value: string) => formatLongDate(value, undefined, locale);
  // The auction the notice recorded when it was sent (decision 0194; one sent before that: the settings now), its
  // date in words like the period's end.
  const recorded = row.notice.auction;
  const auction = noticeAuction(recorded ? { pawn_auction_date: recorded.date, pawn_auction_place: recorded.place } : (settings ?? {}), row.notice.expiry_date);
  const words: NoticeWords = {
    shop,
    shopAddress,
    pawner: row.customer_name,
    ticket: row.pawn_ticket_number,
    expiry: longDate(`${row.notice.expiry_date}T12:00:00`),
    amountDue: formatCurrency(row.notice.amount_due, locale),
    items: row.items.map((i) => i.description),
    auction: auction && { date: auction.date && longDate(`${auction.date}T12:00:00`), place: auction.place },
  };
  const lines = language === 'fil' ? filipinoLines(t, words) : noticeLines(words);
  return (
    <article className="rounded-box border border-base-300 bg-base-100 p-6 text-sm leading-relaxed" data-letter lang={language} aria-labelledby="letter-title">
      <p className="font-bold">{shop}</p>
      {shopAddress && <p>{shopAddress}</p>}
      {registration && <p>{t('lending.letter.registration', { registration })}</p>}
      <p className="mt-4">{longDate(row.notice.sent_at)}</p>
      <p className="mt-4">{row.customer_name}</p>
      {row.customer_address && <p>{row.customer_address}</p>}
      <h1 id="letter-title" className="mt-4 font-bold">{t('lending.letter.title', { ticket: row.pawn_ticket_number, date: longDate(`${row.notice.expiry_date}T12:00:00`) })}</h1>
      <p className="mt-4">{t('lending.letter.dear', { name: row.customer_name })}</p>
      {lines.map((line) => <p key={line} className="mt-3">{line}</p>)}
      <p className="mt-8">{shop}</p>
    </article>
  );
}

/** The notice as a printed letter in the pawner's language; only once the notice is recorded. */
export function NoticeLetterPage() {
  const t = useT('lending');
  const zone = useCounterZone();
  const screenLanguage = useLanguage();
  const { uuid = '' } = useParams();
  const notice = useNotice(uuid);
  const settings = useSiteSettings(true);
  if (notice.isPending) return <LoadingBlock text={t('lending.letter.loading')} />;
  if (notice.isError) {
    if (notice.error instanceof ApiError && notice.error.status === 404) return <EmptyState title={t('lending.loan.notFound')} action={<Link to="/lending/notices" className="btn">{t('lending.letter.back')}</Link>} />;
    return <ErrorAlert message={problemText(notice.error, t('lending.letter.loadError'))} onRetry={() => void notice.refetch()} />;
  }
  const row = notice.data;
  const back = <Link to="/lending/notices" className="link link-hover text-sm">← {t('lending.notices.title')}</Link>;
  const recorded = row.notice;
  if (!recorded) return <div className="mx-auto flex max-w-2xl flex-col gap-4">{back}<EmptyState title={t('lending.letter.noNotice')} text={t('lending.letter.noNoticeText')} /></div>;
  const printLanguage = pawnerLanguage(row.customer_language, settings.data?.default_language, screenLanguage);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {back}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>{t('lending.letter.print')}</button>
      </div>
      <p className="text-sm text-base-content/70" data-testid="letter-status">{noticeStatusText(recorded, zone)}</p>
      {printLanguage !== screenLanguage && (
        <p className="text-sm text-base-content/70" data-testid="letter-print-language">{t('lending.letter.printLanguage', { language: LANGUAGE_NAMES[printLanguage] })}</p>
      )}
      <Suspense fallback={<LoadingBlock text={t('lending.letter.loading')} />}>
        <InLanguage language={printLanguage}>
          <PrintedLetter row={{ ...row, notice: recorded }} settings={settings.data} />
        </InLanguage>
      </Suspense>
    </div>
  );
}
