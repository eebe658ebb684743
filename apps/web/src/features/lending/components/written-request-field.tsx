import { LOW_LOAN_PERCENT } from '@kalinga/contracts/pawn-rules';

/**
 * The tick a loan below 30 % of the appraised value needs: the pawner asked for it in writing (decision 0182). Shown
 * only when the amount is below that; the printed ticket carries the tick and a line for the pawner's signature.
 */
export function WrittenRequestField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex flex-col gap-1 rounded-box border border-warning/60 bg-warning/10 p-3">
      <label className="flex items-start gap-2">
        <input type="checkbox" className="checkbox checkbox-sm mt-0.5" name="written_request" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby="written-request-help" />
        <span className="text-sm font-medium">The pawner asks in writing for a loan below {LOW_LOAN_PERCENT} % of the appraised value</span>
      </label>
      <span id="written-request-help" className="text-sm text-base-content/70">
        The law sets the least a shop may lend at {LOW_LOAN_PERCENT} % of the appraisal unless the pawner asks for less. The ticket prints this request for the pawner to sign.
      </span>
    </div>
  );
}
