import { mayExtend } from '@kalinga/contracts/pawn-extension';
import { LOW_LOAN_REQUEST_NOTE, REDEMPTION_PERIOD_DAYS } from '@kalinga/contracts/pawn-rules';
import { formatCurrency } from '../../../lib/format';
import type { LocalCategory, LocalLoan } from '../book/lending-queries';
import { formatDay, periodText } from '../lending-figures';

// The terms a Philippine pawn ticket carries (decisions 0180-0183): the redemption period and how interest runs in it,
// the reminder and the auction, the lost-ticket affidavit, and the advance interest (none is taken).

/** Whole days from one calendar date to another (both 'YYYY-MM-DD'). */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The pawner's written request for a loan below 30 % of the appraisal: a tick, the sentence and a line to sign. */
export function WrittenRequestNote({ loan, pawner }: { loan: Pick<LocalLoan, 'written_request'>; pawner: string }) {
  if (!loan.written_request) return null;
  return (
    <div className="mt-3 rounded-box border border-base-content/40 p-2 text-xs" data-testid="ticket-written-request">
      <p>
        <span aria-hidden="true">☑ </span>
        {LOW_LOAN_REQUEST_NOTE}
      </p>
      <div className="mt-6 border-t border-base-content pt-1 text-center">Signature of pawner ({pawner}) for this request</div>
    </div>
  );
}

/** The terms printed with every ticket (on its back on a pre-printed form). */
export function TicketBack({ loan, category }: { loan: LocalLoan; category: LocalCategory | undefined }) {
  const days = daysFrom(loan.maturity_date, loan.expiry_date);
  // The ticket's own period says whether a shorter one was agreed (the category may have changed since it was written).
  const shorter = days < REDEMPTION_PERIOD_DAYS;
  return (
    <section className="mt-4 text-xs" aria-labelledby="ticket-terms-title" data-testid="ticket-terms-back">
      <h2 id="ticket-terms-title" className="mb-1 font-semibold">Terms and conditions</h2>
      <ol className="list-decimal space-y-1 pl-4">
        <li>
          Loan period {category ? periodText(category) : 'as above'}; interest {loan.interest_rate}% a month or part of a month. Interest deducted in
          advance: {formatCurrency(0)} (this shop deducts none, and never more than one year’s). Service charge: 1 % of the principal, at most ₱5.00; no
          other charge is collected.
        </li>
        <li data-testid="ticket-grace">
          Redemption period: after the maturity date the pawner still has {days} days, until {formatDay(loan.expiry_date)}, to redeem the pawn by paying the
          principal and the interest accrued{shorter ? ' (a shorter period agreed for items that lose value fast, never under 30 days)' : ''}.
          Interest after maturity is computed at the same rate on the principal plus the interest earned to maturity; the penalty of {loan.penalty_rate}% a
          month or part of a month likewise.
        </li>
        <li>
          {category && !category.is_renewable ? 'This loan is not renewable.' : 'The loan may be renewed up to the end of the redemption period by paying the interest and penalty due, on the terms of a new loan.'}
          {category && mayExtend(category) && ' Or, paying the interest and penalty due, the pawner may keep this ticket for one more term from its maturity date; the redemption period moves with it.'}
        </li>
        <li>
          Before the redemption period ends the shop sends the pawner a written reminder. A pawn not redeemed or renewed by {formatDay(loan.expiry_date)} may
          be sold at public auction after notice; the pawner has no claim to any excess of the price over the loan, interest and charges, and the shop none to
          any shortfall.
        </li>
        <li>
          Keep this ticket: it is surrendered on redemption. If it is lost or destroyed, the pawner must present in person an affidavit of loss before the
          redemption period ends; within two weeks the shop accepts the affidavit in place of the ticket or issues a new ticket, cancelling this one.
        </li>
      </ol>
    </section>
  );
}
