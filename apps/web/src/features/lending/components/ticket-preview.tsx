import { redemptionPeriodDays } from '@kalinga/contracts/lending/rules';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { termsOf, type LocalCategory } from '../book/lending-queries';
import { formatDay, periodText, pesos, type TicketPreview } from '../lending-figures';

/** The live preview of a new ticket, every figure from the rules module. */
export function TicketPreviewPanel({ preview, category, others, appraisal }: { preview: TicketPreview; category: LocalCategory | undefined; others: { item: number; category: LocalCategory }[]; appraisal: number }) {
  const t = useT('lending');
  const f = preview.figures;
  const rows: [string, string][] = [
    [t('lending.preview.appraisal'), formatCurrency(appraisal)],
    [t('lending.preview.principal'), formatCurrency(f ? pesos(f.loan_amount) : null)],
    [t('lending.serviceCharge'), formatCurrency(f ? pesos(f.service_charge) : null)],
    [t('lending.advanceInterest'), formatCurrency(f ? pesos(f.advance_interest) : null)],
    [t('lending.preview.net'), formatCurrency(f ? pesos(f.amount_disbursed) : null)],
    [t('lending.preview.interestToMaturity'), formatCurrency(f ? pesos(f.interest_to_maturity) : null)],
    [t('lending.maturityDate'), f ? formatDay(f.maturity_date) : '—'],
    [t('lending.preview.periodEnds'), f ? formatDay(f.expiry_date) : '—'],
    [t('lending.preview.effectiveRate'), f ? t('lending.rateAMonth', { rate: f.effective_interest_rate.toFixed(2) }) : '—'],
  ];
  return (
    <section aria-labelledby="preview-title" className="rounded-box border border-base-300 bg-base-100 p-4" aria-live="polite">
      <h2 id="preview-title" className="mb-1 font-semibold">{t('lending.preview.title')}</h2>
      {category && (
        <p className="mb-3 text-sm text-base-content/70" data-testid="ticket-terms">
          {t(others.length ? 'lending.preview.termsOfFirst' : 'lending.preview.terms', { category: category.title, rate: category.interest_rate, penalty: category.penalty_rate, period: periodText(category), days: redemptionPeriodDays(termsOf(category)) })}
          {category.is_renewable ? '' : t('lending.preview.notRenewable')}
          {'.'}
        </p>
      )}
      {others.length > 0 && (
        <ul className="mb-3 list-disc pl-5 text-sm" data-testid="other-terms">
          {others.map((o) => (
            <li key={o.item}>
              {t('lending.preview.other', { n: o.item, other: o.category.title, category: category?.title ?? '', rate: o.category.interest_rate, period: periodText(o.category) })}
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="ticket-preview">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-base-content/70">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
