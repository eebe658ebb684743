import { DEFAULT_LTV_PERCENT } from '@kalinga/contracts/lending/gold';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { suggestedLoan } from './metal-appraisal';

/** The loan the category's loan-to-value ratio suggests on the appraised value, with a button to take it (decision 0305). */
export function SuggestedLoan({ appraisal, ltvPercent, onUse }: { appraisal: number; ltvPercent: number | null | undefined; onUse: (pesos: string) => void }) {
  const t = useT('pawnTerms');
  if (!(appraisal > 0)) return null;
  const amount = suggestedLoan(appraisal, ltvPercent);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="suggested-loan">
      <span>{t('pawnTerms.suggested', { amount: formatCurrency(amount), percent: ltvPercent ?? DEFAULT_LTV_PERCENT })}</span>
      <button type="button" className="btn btn-xs" onClick={() => onUse(amount.toFixed(2))}>{t('pawnTerms.useSuggested')}</button>
    </p>
  );
}
