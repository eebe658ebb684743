import type { Branch } from '@kalinga/contracts/lending/branches';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { api } from '../../lib/api-client';
import { formatCurrency } from '../../lib/format';
import { shownIdNumber } from '../../offline/sealed';
import { LANGUAGE_NAMES } from '@kalinga/contracts/languages';
import { currentLocale, InLanguage, useLanguage, useLocale, useT } from '../../lib/i18n';
import { useLoanDetail, type LoanDetail } from './book/lending-queries';
import { useSiteSettings } from '../../session/site-settings';
import { lendingShop, missingShopDetails, type LendingShop } from './lending-shop';
import { SyncBadge } from './components/sync-badge';
import { TicketBack, WrittenRequestNote } from './components/ticket-back';
import { PaperChoice, printCss, useTicketPrinting, type Paper } from './components/ticket-paper';
import { pawnerLanguage } from './pawner-language';
import { customerName, formatDay, ticketNumber } from './lending-figures';
import { TicketMetalLine } from './terms/ticket-metal-line';

// Printing shows only the ticket, on A5 or an 80 mm receipt (components/ticket-paper.tsx).

/** `confidential`: left out of the screen kept on the device (a pawner's ID number, decision 0375). */
function Row({ label, value, testId, confidential }: { label: string; value: string; testId?: string; confidential?: boolean }) {
  return (
    <>
      <dt className="text-base-content/70">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId} data-no-snapshot={confidential || undefined}>{value}</dd>
    </>
  );
}

/** True once `waiting` has lasted longer than a moment (WAIT_BEFORE_LOADING_MS); false again when it ends. */
const WAIT_BEFORE_LOADING_MS = 600;
function useSlow(waiting: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!waiting) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), WAIT_BEFORE_LOADING_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return slow;
}

/** While the pawner's language's words load: nothing for a moment, then the loading rows (drawn once, as above). */
function QuietFallback({ text }: { text: string }) {
  return useSlow(true) ? <LoadingBlock text={text} /> : <div aria-busy="true" data-testid="ticket-waiting" />;
}

/**
 * The ticket as printed, in the pawner's language (decision 0316): drawn inside InLanguage, so its words, dates and
 * amounts are in that language whatever the clerk's screen is.
 */
function PrintedTicket({ detail, shop, paper, reprint }: { detail: LoanDetail; shop: LendingShop; paper: Paper; reprint: boolean }) {
  const t = useT('lending');
  const locale = useLocale();
  const { loan, items, customer, category, renewedFrom } = detail;
  const renewal = Boolean(loan.renewed_from) && !(loan.amount_disbursed > 0);
  const day = (date: string | null | undefined) => formatDay(date, locale);
  const money = (value: unknown) => formatCurrency(value, locale);
  const pawner = customerName(customer, t);
  return (
    <article
      className={`rounded-box border border-base-300 bg-base-100 text-sm ${paper === 'receipt' ? 'mx-auto w-full max-w-[80mm] p-3' : 'p-6'}`}
      data-ticket
      data-paper={paper}
      aria-labelledby="ticket-title"
    >
      {reprint && (
        <p className="mb-2 border border-base-content py-1 text-center font-bold tracking-widest" data-testid="ticket-reprint">
          {t('lending.ticket.reprintBand')}
        </p>
      )}
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2 border-b border-base-300 pb-3">
        <div>
          <p className="font-bold" data-testid="ticket-shop">{shop.name}</p>
          {shop.address && <p data-testid="ticket-shop-address">{shop.address}</p>}
          {shop.registration && <p data-testid="ticket-shop-registration">{t('lending.letter.registration', { registration: shop.registration })}</p>}
          <h1 id="ticket-title" className="text-xl font-bold">{t('lending.ticket.title')}</h1>
        </div>
        <div className="sm:text-right">
          <p className="text-base-content/70">{t('lending.ticket.number')}</p>
          <p className="font-mono text-lg font-bold" data-testid="ticket-number">{ticketNumber(loan, t)}</p>
          <span data-print-hide><SyncBadge record={loan} /></span>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-[1fr_auto]">
        <Row label={t('lending.ticket.pawner')} value={pawner} />
        {customer?.address && <Row label={t('lending.customer.address')} value={customer.address} />}
        {(customer?.id_type || shownIdNumber(customer?.id_number)) && <Row label={t('lending.ticket.id')} value={[customer?.id_type, shownIdNumber(customer?.id_number)].filter(Boolean).join(' ')} confidential />}
        <Row label={t('lending.ticket.loanDate')} value={day(loan.loan_date)} />
        <Row label={t('lending.maturityDate')} value={day(loan.maturity_date)} />
        <Row label={t('lending.ticket.expiry')} value={day(loan.expiry_date)} />
        {(loan.extensions ?? 0) > 0 && (
          <Row
            label={t('lending.loan.extended')}
            value={t('lending.ticket.extended', { count: loan.extensions ?? 0, date: day(loan.interest_from) })}
            testId="ticket-extended"
          />
        )}
      </dl>
      <h2 className="mt-4 mb-1 font-semibold">{t('lending.ticket.items')}</h2>
      <ul className="mb-4 divide-y divide-base-300 border-y border-base-300">
        {items.map((item) => (
          <li key={item.uuid} className="flex justify-between gap-4 py-1" data-testid="ticket-item" data-description={item.description}>
            <span>
              {item.description}
              <TicketMetalLine item={item} ticketDate={loan.loan_date} />
            </span>
            <span>{money(item.appraisal_value)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-[1fr_auto]">
        <Row label={t('lending.preview.appraisal')} value={money(loan.appraisal_value)} />
        <Row label={t('lending.principal')} value={money(loan.loan_amount)} testId="ticket-principal" />
        <Row label={t('lending.serviceCharge')} value={money(loan.service_charge)} />
        {renewal ? (
          <Row label={t('lending.loan.net')} value={t('lending.ticket.netRenewal', { ticket: renewedFrom ? ticketNumber(renewedFrom, t) : t('lending.ticket.earlierTicket') })} testId="ticket-net" />
        ) : (
          <Row label={t('lending.loan.net')} value={money(loan.amount_disbursed)} testId="ticket-net" />
        )}
        <Row label={t('lending.tx.interest')} value={t('lending.ticket.rate', { rate: loan.interest_rate })} />
        <Row label={t('lending.advanceInterest')} value={money(loan.advance_interest ?? 0)} testId="ticket-advance-interest" />
        <Row label={t('lending.ticket.penalty')} value={t('lending.ticket.rate', { rate: loan.penalty_rate })} />
      </dl>
      <WrittenRequestNote loan={loan} pawner={pawner} />
      <TicketBack loan={loan} category={category} />
      {loan.notes && <p className="mt-2 text-xs">{t('lending.ticket.remarks', { notes: loan.notes })}</p>}
      <div className="mt-10 grid gap-8 sm:grid-cols-2" data-testid="ticket-signatures">
        <div className="border-t border-base-content pt-1 text-center text-xs">{t('lending.ticket.signPawner', { name: customer ? ` (${pawner})` : '' })}</div>
        <div className="border-t border-base-content pt-1 text-center text-xs">{t('lending.ticket.signShop')}</div>
      </div>
    </article>
  );
}

/** The printable pawn ticket: number ('pending' until the server numbers it), pawner, items, terms, dates and amounts. */
export function TicketPage() {
  const t = useT('lending');
  const screenLanguage = useLanguage();
  const { uuid = '' } = useParams();
  const detail = useLoanDetail(uuid);
  const settings = useSiteSettings(true);
  // Arriving from a save or a renewal, the clerk's next act is to print: focus waits on Print.
  const printNext = (useLocation().state as { focus?: string } | null)?.focus === 'print';
  const printing = useTicketPrinting(detail.data?.loan ?? { uuid });
  // The branch's details print on its tickets; offline, the last list read (or the shop's details) stands in.
  const branches = useQuery({ queryKey: ['branches'], queryFn: () => api.get<{ data: Branch[] }>('/api/branches'), staleTime: 10 * 60_000 });
  // The first read of the branches is waited for, so the ticket is drawn once with its branch's name; a read the
  // network holds back (offline: paused) or refuses is not, and the shop's details stand in.
  const branchesComing = branches.isPending && branches.fetchStatus === 'fetching';
  const waiting = detail.loading || detail.stale || settings.isPending || branchesComing;
  const slow = useSlow(waiting);

  if (detail.error) return <ErrorAlert message={t('lending.readError', { error: detail.error.message })} onRetry={detail.retry} />;
  // Drawn once: nothing until the book and the kept settings have answered (a moment, on a device's own store); the
  // loading rows only when that takes longer, so a kept copy of the screen gives way to the ticket, not to them.
  if (waiting) return slow ? <LoadingBlock text={t('lending.ticket.loading')} /> : <div aria-busy="true" data-testid="ticket-waiting" />;
  if (!detail.data) return <EmptyState title={t('lending.loan.notFound')} text={t('lending.loan.notOnDevice')} action={<Link to="/lending/loans" className="btn">{t('lending.loan.back')}</Link>} />;
  const { loan, customer } = detail.data;
  const pending = loan.pawn_ticket_number === null;
  const shop = lendingShop(settings.data, branches.data?.data.find((b) => b.id === loan.branch_id));
  const printLanguage = pawnerLanguage(customer?.language, settings.data?.default_language, screenLanguage);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <style>{printCss(printing.paper)}</style>
      <div className="flex flex-wrap items-center justify-between gap-2" data-print-hide>
        <Link to={`/lending/loans/${loan.uuid}`} className="link link-hover text-sm">← {t('lending.ticket.loan')}</Link>
        <div className="flex flex-wrap items-center gap-3">
          <PaperChoice paper={printing.paper} onChange={printing.setPaper} />
          <button type="button" className="btn btn-primary" onClick={printing.print} autoFocus={printNext}>{printing.printed ? t('lending.ticket.reprint') : t('lending.ticket.print')}</button>
        </div>
      </div>
      {loan.print_conflict && (
        <p className="alert alert-error alert-soft" role="alert" data-print-hide data-testid="ticket-print-conflict">
          {t('lending.ticket.twoOriginals')}
        </p>
      )}
      {printing.printed && (
        <p className="alert alert-info alert-soft" role="status" data-print-hide data-testid="ticket-printed">
          {loan.first_printed_at ? t('lending.ticket.firstPrinted', { when: new Date(loan.first_printed_at).toLocaleString(currentLocale()) }) : t('lending.ticket.printedBefore')}
        </p>
      )}
      {settings.data && missingShopDetails(shop) && (
        <p className="alert alert-info alert-soft" role="note" data-print-hide>
          {t('lending.ticket.missingShop', { missing: missingShopDetails(shop) })}
        </p>
      )}
      {pending && (
        <p className="alert alert-warning alert-soft" role="status" data-print-hide>
          {t('lending.ticket.pendingNumber')}
        </p>
      )}
      {printLanguage !== screenLanguage && (
        <p className="text-sm text-base-content/70" data-print-hide data-testid="ticket-print-language">
          {t('lending.ticket.printLanguage', { language: LANGUAGE_NAMES[printLanguage] })}
        </p>
      )}
      <Suspense fallback={<QuietFallback text={t('lending.ticket.loading')} />}>
        <InLanguage language={printLanguage}>
          <PrintedTicket detail={detail.data} shop={shop} paper={printing.paper} reprint={printing.reprint} />
        </InLanguage>
      </Suspense>
    </div>
  );
}
