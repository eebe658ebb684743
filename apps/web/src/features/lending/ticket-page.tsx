import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { formatCurrency } from '../../lib/format';
import { useLoanDetail } from './book/lending-queries';
import { type SiteSettings, useSiteSettings } from '../../lib/site-settings';
import { SyncBadge } from './components/sync-badge';
import { TicketBack, WrittenRequestNote } from './components/ticket-back';
import { PaperChoice, printCss, useTicketPrinting } from './components/ticket-paper';
import { customerName, formatDay, ticketNumber } from './lending-figures';

// Printing shows only the ticket, on A5 or an 80 mm receipt (components/ticket-paper.tsx).

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <>
      <dt className="text-base-content/70">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId}>{value}</dd>
    </>
  );
}

/** What of the shop's own details the ticket lacks, in words ('the address is'), or '' when nothing is missing. */
function missingShopDetails(shop: string, s: SiteSettings): string {
  const missing = [!shop && 'the name', !s.business_address && 'the address', !s.bsp_registration && 'the BSP registration'].filter((m): m is string => Boolean(m));
  if (missing.length === 0) return '';
  const words = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return `${words} ${missing.length === 1 ? 'is' : 'are'}`;
}

/** The printable pawn ticket: number ('pending' until the server numbers it), pawner, items, terms, dates and amounts. */
export function TicketPage() {
  const { uuid = '' } = useParams();
  const detail = useLoanDetail(uuid);
  const settings = useSiteSettings(true);
  // Arriving from a save or a renewal, the clerk's next act is to print: focus waits on Print.
  const printNext = (useLocation().state as { focus?: string } | null)?.focus === 'print';
  const printing = useTicketPrinting(uuid);

  if (detail.error) return <ErrorAlert message={`Could not read the local book: ${detail.error.message}`} onRetry={detail.retry} />;
  if (detail.loading || detail.stale) return <LoadingBlock text="Loading ticket..." />;
  if (!detail.data) return <EmptyState title="Loan not found" text="This loan is not on this device." action={<Link to="/lending/loans" className="btn">Back to Loans</Link>} />;
  const { loan, items, customer, category, renewedFrom } = detail.data;
  const pending = loan.pawn_ticket_number === null;
  const shop = settings.data?.business_name || settings.data?.site_name || '';
  const renewal = Boolean(loan.renewed_from) && !(loan.amount_disbursed > 0);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <style>{printCss(printing.paper)}</style>
      <div className="flex flex-wrap items-center justify-between gap-2" data-print-hide>
        <Link to={`/lending/loans/${loan.uuid}`} className="link link-hover text-sm">← Loan</Link>
        <div className="flex flex-wrap items-center gap-3">
          <PaperChoice paper={printing.paper} onChange={printing.setPaper} />
          <button type="button" className="btn btn-primary" onClick={printing.print} autoFocus={printNext}>{printing.firstPrinted ? 'Reprint' : 'Print'}</button>
        </div>
      </div>
      {printing.firstPrinted && (
        <p className="alert alert-info alert-soft" role="status" data-print-hide>
          First printed on this device {new Date(printing.firstPrinted).toLocaleString('en-PH')}: a new print says REPRINT.
        </p>
      )}
      {settings.data && missingShopDetails(shop, settings.data) && (
        <p className="alert alert-info alert-soft" role="note" data-print-hide>
          The ticket prints the shop’s name, address and BSP registration from Site Settings: {missingShopDetails(shop, settings.data)} not set yet.
        </p>
      )}
      {pending && (
        <p className="alert alert-warning alert-soft" role="status" data-print-hide>
          Written on this device: the ticket number comes from the server when the ticket is synced.
        </p>
      )}
      <article
        className={`rounded-box border border-base-300 bg-base-100 text-sm ${printing.paper === 'receipt' ? 'mx-auto w-full max-w-[80mm] p-3' : 'p-6'}`}
        data-ticket
        data-paper={printing.paper}
        aria-labelledby="ticket-title"
      >
        {printing.reprint && (
          <p className="mb-2 border border-base-content py-1 text-center font-bold tracking-widest" data-testid="ticket-reprint">
            REPRINT
          </p>
        )}
        <div className="mb-4 flex flex-wrap items-start justify-between gap-2 border-b border-base-300 pb-3">
          <div>
            <p className="font-bold" data-testid="ticket-shop">{shop}</p>
            {settings.data?.business_address && <p data-testid="ticket-shop-address">{settings.data.business_address}</p>}
            {settings.data?.bsp_registration && <p data-testid="ticket-shop-registration">BSP registration: {settings.data.bsp_registration}</p>}
            <h1 id="ticket-title" className="text-xl font-bold">Pawn Ticket</h1>
          </div>
          <div className="sm:text-right">
            <p className="text-base-content/70">Ticket number</p>
            <p className="font-mono text-lg font-bold" data-testid="ticket-number">{ticketNumber(loan)}</p>
            <span data-print-hide><SyncBadge record={loan} /></span>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-[1fr_auto]">
          <Row label="Pawner" value={customerName(customer)} />
          {customer?.address && <Row label="Address" value={customer.address} />}
          {(customer?.id_type || customer?.id_number) && <Row label="ID presented" value={[customer?.id_type, customer?.id_number].filter(Boolean).join(' ')} />}
          <Row label="Date of loan" value={formatDay(loan.loan_date)} />
          <Row label="Maturity date" value={formatDay(loan.maturity_date)} />
          <Row label="Expiry date of redemption period" value={formatDay(loan.expiry_date)} />
          {(loan.extensions ?? 0) > 0 && (
            <Row
              label="Extended"
              value={`${loan.extensions} ${loan.extensions === 1 ? 'time' : 'times'} by paying the interest; interest paid to ${formatDay(loan.interest_from)}`}
              testId="ticket-extended"
            />
          )}
        </dl>
        <h2 className="mt-4 mb-1 font-semibold">Items pawned</h2>
        <ul className="mb-4 divide-y divide-base-300 border-y border-base-300">
          {items.map((item) => (
            <li key={item.uuid} className="flex justify-between gap-4 py-1">
              <span>{item.description}</span>
              <span>{formatCurrency(item.appraisal_value)}</span>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-[1fr_auto]">
          <Row label="Appraised value" value={formatCurrency(loan.appraisal_value)} />
          <Row label="Principal" value={formatCurrency(loan.loan_amount)} testId="ticket-principal" />
          <Row label="Service charge" value={formatCurrency(loan.service_charge)} />
          {renewal ? (
            <Row label="Net proceeds" value={`None: renewal of ${renewedFrom ? ticketNumber(renewedFrom) : 'an earlier ticket'}, service charge paid with it`} testId="ticket-net" />
          ) : (
            <Row label="Net proceeds" value={formatCurrency(loan.amount_disbursed)} testId="ticket-net" />
          )}
          <Row label="Interest" value={`${loan.interest_rate}% a month or part of a month`} />
          <Row label="Interest deducted in advance" value={formatCurrency(0)} testId="ticket-advance-interest" />
          <Row label="Penalty after maturity" value={`${loan.penalty_rate}% a month or part of a month`} />
        </dl>
        <WrittenRequestNote loan={loan} pawner={customerName(customer)} />
        <TicketBack loan={loan} category={category} />
        {loan.notes && <p className="mt-2 text-xs">Remarks: {loan.notes}</p>}
        <div className="mt-10 grid gap-8 sm:grid-cols-2" data-testid="ticket-signatures">
          <div className="border-t border-base-content pt-1 text-center text-xs">Signature of pawner{customer ? ` (${customerName(customer)})` : ''}</div>
          <div className="border-t border-base-content pt-1 text-center text-xs">Signature of the pawnshop’s authorized representative</div>
        </div>
      </article>
    </div>
  );
}
