import { mayExtend } from '@kalinga/contracts/lending/extension';
import { LOW_LOAN_PERCENT, REDEMPTION_PERIOD_DAYS } from '@kalinga/contracts/lending/rules';
import { formatCurrency } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { LocalCategory, LocalLoan } from '../book/lending-queries';
import { formatDay, periodText } from '../lending-figures';

// The terms a Philippine pawn ticket carries (decisions 0180-0183): the redemption period and how interest runs in it,
// the reminder and the auction, the lost-ticket affidavit, and the interest deducted in advance (decision 0219).

/** Whole days from one calendar date to another (both 'YYYY-MM-DD'). */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The pawner's written request for a loan below 30 % of the appraisal: a tick, the sentence and a line to sign. */
export function WrittenRequestNote({ loan, pawner }: { loan: Pick<LocalLoan, 'written_request'>; pawner: string }) {
  const t = useT('lending');
  if (!loan.written_request) return null;
  return (
    <div className="mt-3 rounded-box border border-base-content/40 p-2 text-xs" data-testid="ticket-written-request">
      <p>
        <span aria-hidden="true">☑ </span>
        {t('lending.ticket.writtenRequest', { percent: LOW_LOAN_PERCENT })}
      </p>
      <div className="mt-6 border-t border-base-content pt-1 text-center">{t('lending.ticket.signRequest', { pawner })}</div>
    </div>
  );
}

/** The terms printed with every ticket (on its back on a pre-printed form). */
export function TicketBack({ loan, category }: { loan: LocalLoan; category: LocalCategory | undefined }) {
  const t = useT('lending');
  const locale = useLocale();
  const days = daysFrom(loan.maturity_date, loan.expiry_date);
  // The ticket's own period says whether a shorter one was agreed (the category may have changed since it was written).
  const shorter = days < REDEMPTION_PERIOD_DAYS;
  return (
    <section className="mt-4 text-xs" aria-labelledby="ticket-terms-title" data-testid="ticket-terms-back">
      <h2 id="ticket-terms-title" className="mb-1 font-semibold">{t('lending.terms.title')}</h2>
      <ol className="list-decimal space-y-1 pl-4">
        <li>
          {t('lending.terms.period', {
            period: category ? periodText(category, t) : t('lending.terms.asAbove'),
            rate: loan.interest_rate,
            advance: formatCurrency(loan.advance_interest ?? 0, locale),
            advanceNote: (loan.advance_interest ?? 0) > 0 ? t('lending.terms.advanceTaken', { date: formatDay(loan.interest_from, locale) }) : t('lending.terms.advanceNone'),
          })}
        </li>
        <li data-testid="ticket-grace">
          {t('lending.terms.redemption', { days, date: formatDay(loan.expiry_date, locale), shorter: shorter ? t('lending.terms.shorter') : '', penalty: loan.penalty_rate })}
        </li>
        <li>
          {category && !category.is_renewable ? t('lending.terms.notRenewable') : t('lending.terms.renewable')}
          {category && mayExtend(category) && t('lending.terms.extend')}
        </li>
        <li>
          {t('lending.terms.auction', { date: formatDay(loan.expiry_date, locale) })}
        </li>
        <li>
          {t('lending.terms.lost')}
        </li>
      </ol>
    </section>
  );
}
