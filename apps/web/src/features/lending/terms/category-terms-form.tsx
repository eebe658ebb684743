import { LOAN_PERIOD_TYPES } from '@kalinga/contracts/categories';
import { DEFAULT_LTV_PERCENT, LTV_MAX, LTV_MIN } from '@kalinga/contracts/lending/gold';
import { type FormEvent, useState } from 'react';
import { SubmitButton } from '../../../components/ui/submit-button';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import type { LocalCategory } from '../book/lending-queries';
import { FieldError } from '../components/field-error';
import { UNIT_WORD } from './terms-words';
import { draftOf, saveCategoryTerms, type TermsDraft } from './category-terms-actions';

type TextField = 'title' | 'interest_rate' | 'penalty_rate' | 'loan_period' | 'loan_period_expiry' | 'ltv_percent';
type Flag = 'is_renewable' | 'is_extendable' | 'fast_depreciating';

/** Every term of a lending category, in the drawer; saved on this device and queued. */
export function CategoryTermsForm({ category, onSaved, onCancel }: { category: LocalCategory | null; onSaved: () => void; onCancel: () => void }) {
  const t = useT('pawnTerms');
  const [draft, setDraft] = useState<TermsDraft>(() => draftOf(category));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof TermsDraft>(key: K, value: TermsDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await saveCategoryTerms(category, draft);
      notifySuccess(category ? t('pawnTerms.saved') : t('pawnTerms.created'));
      onSaved();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.errors);
        const first = Object.keys(err.errors)[0];
        if (first) requestAnimationFrame(() => document.getElementById(`terms-${first}`)?.focus());
      } else notifyError(t('pawnTerms.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const text = (field: TextField, label: string, props: { suffix?: string; help?: string; numeric?: boolean } = {}) => {
    const error = errors[field]?.[0];
    const describedBy = [error && `terms-${field}-error`, props.help && `terms-${field}-help`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="flex flex-col gap-1">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{label}</span>
          <span className={`input w-full ${error ? 'input-error' : ''}`}>
            <input
              id={`terms-${field}`}
              className="grow"
              inputMode={props.numeric === false ? undefined : 'decimal'}
              value={draft[field]}
              onChange={(ev) => set(field, ev.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
            {props.suffix && <span className="text-base-content/70" aria-hidden="true">{props.suffix}</span>}
          </span>
        </label>
        {props.help && <span id={`terms-${field}-help`} className="text-sm text-base-content/70">{props.help}</span>}
        <FieldError id={`terms-${field}-error`} message={error} />
      </div>
    );
  };

  const flag = (field: Flag, label: string, help: string) => (
    <label className="flex items-start gap-3">
      <input type="checkbox" className="toggle toggle-primary mt-0.5" checked={draft[field]} onChange={(ev) => set(field, ev.target.checked)} aria-describedby={`terms-${field}-help`} />
      <span className="flex flex-col">
        <span className="text-sm font-medium">{label}</span>
        <span id={`terms-${field}-help`} className="text-sm text-base-content/70">{help}</span>
      </span>
    </label>
  );

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
      {text('title', t('pawnTerms.field.title'), { numeric: false })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('interest_rate', t('pawnTerms.field.interest'), { suffix: '%', help: t('pawnTerms.help.perMonth') })}
        {text('penalty_rate', t('pawnTerms.field.penalty'), { suffix: '%', help: t('pawnTerms.help.perMonth') })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('loan_period', t('pawnTerms.field.term'))}
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t('pawnTerms.field.termUnit')}</span>
            <select id="terms-loan_period_type" className="select w-full" value={draft.loan_period_type} onChange={(ev) => set('loan_period_type', ev.target.value)}>
              {LOAN_PERIOD_TYPES.map((unit) => <option key={unit} value={unit}>{t(UNIT_WORD[unit])}</option>)}
            </select>
          </label>
          <FieldError id="terms-loan_period_type-error" message={errors.loan_period_type?.[0]} />
        </div>
      </div>
      {text('loan_period_expiry', t('pawnTerms.field.redemption'), { help: t('pawnTerms.help.redemption') })}
      {text('ltv_percent', t('pawnTerms.field.ltv'), { suffix: '%', help: t('pawnTerms.help.ltv', { min: LTV_MIN, max: LTV_MAX, default: DEFAULT_LTV_PERCENT }) })}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">{t('pawnTerms.field.options')}</legend>
        {flag('is_renewable', t('pawnTerms.field.renewable'), t('pawnTerms.help.renewable'))}
        {flag('is_extendable', t('pawnTerms.field.extendable'), t('pawnTerms.help.extendable'))}
        {flag('fast_depreciating', t('pawnTerms.field.fast'), t('pawnTerms.help.fast'))}
        <label className="flex items-start gap-3">
          <input type="checkbox" className="toggle toggle-primary mt-0.5" checked={draft.advance_interest === 'one_term'} onChange={(ev) => set('advance_interest', ev.target.checked ? 'one_term' : 'none')} aria-describedby="terms-advance-help" />
          <span className="flex flex-col">
            <span className="text-sm font-medium">{t('pawnTerms.field.advance')}</span>
            <span id="terms-advance-help" className="text-sm text-base-content/70">{t('pawnTerms.help.advance')}</span>
          </span>
        </label>
      </fieldset>
      <p className="text-sm text-base-content/70">{t('pawnTerms.historyNote')}</p>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="btn" onClick={onCancel} disabled={saving}>{t('pawnTerms.cancel')}</button>
        <SubmitButton busy={saving}>{category ? t('pawnTerms.save') : t('pawnTerms.create')}</SubmitButton>
      </div>
    </form>
  );
}
