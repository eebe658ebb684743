import { redemptionPeriodDays } from '@kalinga/contracts/pawn-rules';
import { formatCurrency } from '../../../lib/format';
import { termsOf, type LocalCategory } from '../book/lending-queries';
import { formatDay, periodText, pesos, type TicketPreview } from '../lending-figures';

/** The live preview of a new ticket, every figure from the rules module. */
export function TicketPreviewPanel({ preview, category, others, appraisal }: { preview: TicketPreview; category: LocalCategory | undefined; others: { item: number; category: LocalCategory }[]; appraisal: number }) {
  const f = preview.figures;
  const rows: [string, string][] = [
    ['Appraised value', formatCurrency(appraisal)],
    ['Loan amount (principal)', formatCurrency(f ? pesos(f.loan_amount) : null)],
    ['Service charge', formatCurrency(f ? pesos(f.service_charge) : null)],
    ['Net proceeds (cash to the pawner)', formatCurrency(f ? pesos(f.amount_disbursed) : null)],
    ['Interest to maturity', formatCurrency(f ? pesos(f.interest_to_maturity) : null)],
    ['Maturity date', f ? formatDay(f.maturity_date) : '—'],
    ['Redemption period ends', f ? formatDay(f.expiry_date) : '—'],
    ['Effective interest rate', f ? `${f.effective_interest_rate.toFixed(2)}% a month` : '—'],
  ];
  return (
    <section aria-labelledby="preview-title" className="rounded-box border border-base-300 bg-base-100 p-4" aria-live="polite">
      <h2 id="preview-title" className="mb-1 font-semibold">Preview</h2>
      {category && (
        <p className="mb-3 text-sm text-base-content/70" data-testid="ticket-terms">
          Terms of {category.title}{others.length ? ' (item 1’s category), for every item of this ticket' : ''}: {category.interest_rate}% a month, penalty {category.penalty_rate}% a month after maturity, {periodText(category)}, {redemptionPeriodDays(termsOf(category))} days to redeem after maturity{category.is_renewable ? '' : ', not renewable'}.
        </p>
      )}
      {others.length > 0 && (
        <ul className="mb-3 list-disc pl-5 text-sm" data-testid="other-terms">
          {others.map((o) => (
            <li key={o.item}>
              Item {o.item} is {o.category.title}: it is held under the terms of {category?.title}, not {o.category.title}’s ({o.category.interest_rate}% a month, {periodText(o.category)}). For {o.category.title}’s terms, write it a ticket of its own.
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
