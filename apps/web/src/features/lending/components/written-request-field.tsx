import { LOW_LOAN_PERCENT } from '@kalinga/contracts/lending/rules';
import { useT } from '../../../lib/i18n';

/**
 * The tick a loan below 30 % of the appraised value needs: the pawner asked for it in writing (decision 0182). Shown
 * only when the amount is below that; the printed ticket carries the tick and a line for the pawner's signature.
 */
export function WrittenRequestField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT('lending');
  return (
    <div className="flex flex-col gap-1 rounded-box border border-warning/60 bg-warning/10 p-3">
      <label className="flex items-start gap-2">
        <input type="checkbox" className="checkbox checkbox-sm mt-0.5" name="written_request" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby="written-request-help" />
        <span className="text-sm font-medium">{t('lending.writtenRequest.label', { percent: LOW_LOAN_PERCENT })}</span>
      </label>
      <span id="written-request-help" className="text-sm text-base-content/70">
        {t('lending.writtenRequest.help', { percent: LOW_LOAN_PERCENT })}
      </span>
    </div>
  );
}
