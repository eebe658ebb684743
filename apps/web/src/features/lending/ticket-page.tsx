import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { formatCurrency } from '../../lib/format';
import { useLoanDetail } from './book/lending-queries';
import { useSiteSettings } from '../../lib/site-settings';
import { SyncBadge } from './components/sync-badge';
import { customerName, formatDay, periodText, ticketNumber } from './lending-figures';

// Printing shows only the ticket: everything else on the page (the app's frame, buttons, notices and toasts) is
// hidden, and the ticket is laid at the top of the sheet.
const PRINT_CSS = `@media print {
  aside, body header, [data-print-hide], [data-sonner-toaster] { display: none !important; }
  body * { visibility: hidden !important; }
  [data-ticket], [data-ticket] * { visibility: visible !important; }
  body { background: #fff !important; }
  [data-ticket] { position: absolute; left: 0; top: 0; width: 100%; border: none !important; box-shadow: none !important; }
}`;

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <>
      <dt className="text-base-content/70">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId}>{value}</dd>
    </>
  );
}

/** The printable pawn ticket: number ('pending' until the server numbers it), pawner, items, terms, dates and amounts. */
export function TicketPage() {
  const { uuid = '' } = useParams();
  const detail = useLoanDetail(uuid);
  const settings = useSiteSettings(true);
  // Arriving from a save or a renewal, the clerk's next act is to print: focus waits on Print.
  const printNext = (useLocation().state as { focus?: string } | null)?.focus === 'print';

  if (detail.error) return <ErrorAlert message={`Could not read the local book: ${detail.error.message}`} onRetry={detail.retry} />;
  if (detail.loading || detail.stale) return <LoadingBlock text="Loading ticket..." />;
  if (!detail.data) return <EmptyState title="Loan not found" text="This loan is not on this device." action={<Link to="/lending/loans" className="btn">Back to Loans</Link>} />;
  const { loan, items, customer, category, renewedFrom } = detail.data;
  const pending = loan.pawn_ticket_number === null;
  const shop = settings.data?.business_name || settings.data?.site_name || '';
  const renewal = Boolean(loan.renewed_from) && !(loan.amount_disbursed > 0);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2" data-print-hide>
        <Link to={`/lending/loans/${loan.uuid}`} className="link link-hover text-sm">← Loan</Link>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} autoFocus={printNext}>Print</button>
      </div>
      {settings.data && (!shop || !settings.data.business_address) && (
        <p className="alert alert-info alert-soft" role="note" data-print-hide>
          The ticket prints the shop’s name and address from Site Settings: {shop ? 'the address is' : 'they are'} not set yet.
        </p>
      )}
      {pending && (
        <p className="alert alert-warning alert-soft" role="status" data-print-hide>
          Written on this device: the ticket number comes from the server when the ticket is synced.
        </p>
      )}
      <article className="rounded-box border border-base-300 bg-base-100 p-6 text-sm" data-ticket aria-labelledby="ticket-title">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-2 border-b border-base-300 pb-3">
          <div>
            <p className="font-bold" data-testid="ticket-shop">{shop}</p>
            {settings.data?.business_address && <p data-testid="ticket-shop-address">{settings.data.business_address}</p>}
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
          <Row label="Penalty after maturity" value={`${loan.penalty_rate}% a month or part of a month`} />
        </dl>
        <p className="mt-4 text-xs text-base-content/70">
          Terms: {category ? `loan period ${periodText(category)}; ` : ''}no advance interest is deducted. The pawner may redeem the items at any time up to the
          expiry date by paying the principal with interest and any penalty, or renew the loan on or before the expiry date
          {category && !category.is_renewable ? ' (this category is not renewable)' : ''} by paying the interest and penalty due. Items not redeemed or renewed
          by the expiry date may be forfeited and sold. Keep this ticket: it must be presented to redeem or renew.
        </p>
        {loan.notes && <p className="mt-2 text-xs">Remarks: {loan.notes}</p>}
        <div className="mt-10 grid gap-8 sm:grid-cols-2" data-testid="ticket-signatures">
          <div className="border-t border-base-content pt-1 text-center text-xs">Signature of pawner{customer ? ` (${customerName(customer)})` : ''}</div>
          <div className="border-t border-base-content pt-1 text-center text-xs">Signature of the pawnshop’s authorized representative</div>
        </div>
      </article>
    </div>
  );
}
