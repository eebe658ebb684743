import { METALS, PURITIES, type Metal } from '@kalinga/contracts/lending/gold';
import type { MetalRate } from '@kalinga/contracts/lending/metal-rates';
import { formatDate } from '../../../lib/dates';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { FieldError } from '../components/field-error';
import { appraiseDraft, type MetalDraft } from './metal-appraisal';
import type { KeptRates } from './metal-rates-store';
import { RatesFrom } from './rates-from';
import { METAL_WORD, PROBLEM_WORD } from './terms-words';

/** The rates the ticket form appraises with: those kept on this device, and the ticket's date. */
export interface MetalContext {
  kept: KeptRates | undefined;
  ticketDate: string;
}

type Patch = MetalDraft & { appraisal_value?: string };

const valueText = (pesos: number) => pesos.toFixed(2);

/**
 * A ticket item's metal, purity and weight: the appraised value follows weight × the day's rate (the clerk may
 * lower it after), with the rate, where it comes from and whether it is older than the ticket (decision 0306).
 */
export function MetalFields({ id, n, row, context, showErrors, onChange }: { id: string; n: number; row: MetalDraft; context: MetalContext; showErrors: boolean; onChange: (patch: Patch) => void }) {
  const t = useT('pawnTerms');
  const rates: MetalRate[] = context.kept?.rates ?? [];
  const on = row.metal !== undefined && row.metal !== '';
  const appraisal = appraiseDraft(row, rates, context.ticketDate);
  const change = (patch: MetalDraft) => {
    const next = { ...row, ...patch };
    const value = appraiseDraft(next, rates, context.ticketDate).value;
    onChange({ ...patch, ...(value !== undefined && { appraisal_value: valueText(value) }) });
  };
  const problem = appraisal.problem && (showErrors || appraisal.problem === 'noRate') ? t(PROBLEM_WORD[appraisal.problem], { n }) : undefined;
  const metal = (on ? row.metal : 'gold') as Metal;
  return (
    <div className="flex flex-col gap-2 sm:col-span-4" data-testid="metal-fields">
      <label className="flex items-center gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" checked={on} onChange={(ev) => onChange(ev.target.checked ? { metal: 'gold', purity: '', weight: '' } : { metal: '', purity: '', weight: '' })} />
        <span className="text-sm">{t('pawnTerms.metalForm.byWeight', { n })}</span>
      </label>
      {on && (
        <div className="grid gap-2 rounded-box bg-base-200/60 p-3 sm:grid-cols-[10rem_10rem_10rem_1fr] sm:items-start">
          <label className="flex flex-col gap-1">
            <span className="text-sm">{t('pawnTerms.metalForm.metal', { n })}</span>
            <select id={`${id}-metal`} className="select select-sm w-full" value={metal} onChange={(ev) => change({ metal: ev.target.value, purity: '' })}>
              {METALS.map((m) => <option key={m} value={m}>{t(METAL_WORD[m])}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm">{t('pawnTerms.metalForm.purity', { n })}</span>
            <select id={`${id}-purity`} className={`select select-sm w-full ${showErrors && appraisal.problem === 'purity' ? 'select-error' : ''}`} value={row.purity ?? ''} onChange={(ev) => change({ purity: ev.target.value })}>
              <option value="">{t('pawnTerms.metalForm.choose')}</option>
              {PURITIES[metal].map((p) => <option key={p} value={p}>{p}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm">{t('pawnTerms.metalForm.weight', { n })}</span>
            <input
              id={`${id}-weight`}
              className={`input input-sm w-full ${showErrors && appraisal.problem === 'weight' ? 'input-error' : ''}`}
              inputMode="decimal"
              value={row.weight ?? ''}
              onChange={(ev) => change({ weight: ev.target.value })}
              aria-describedby={`${id}-metal-status`}
            />
          </label>
          <div id={`${id}-metal-status`} className="flex flex-col gap-1 text-sm" aria-live="polite">
            {appraisal.rate && (
              <span>
                {t('pawnTerms.metalForm.rate', { rate: formatCurrency(appraisal.rate.rate), purity: appraisal.rate.purity })}
                {appraisal.value !== undefined && <> · <strong>{t('pawnTerms.metalForm.value', { value: formatCurrency(appraisal.value) })}</strong></>}
              </span>
            )}
            {appraisal.stale && appraisal.rate && <span className="text-warning-content badge badge-warning h-auto py-0.5">{t('pawnTerms.metalForm.stale', { date: formatDate(appraisal.rate.rate_date) })}</span>}
            <FieldError id={`${id}-metal-error`} message={problem} />
            <RatesFrom kept={context.kept} />
          </div>
        </div>
      )}
    </div>
  );
}
