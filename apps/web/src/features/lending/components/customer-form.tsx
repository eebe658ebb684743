import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@kalinga/contracts/languages';
import { customerUpdateSchema } from '@kalinga/contracts/lending/schemas';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { siteLanguage, useT, type MessageKey } from '../../../lib/i18n';
import { saveCustomer } from '../book/lending-actions';
import { shownIdNumber } from '../../../offline/sealed';
import type { LocalCustomer } from '../book/lending-queries';
import { fieldMessage, refusalText } from '../field-messages';
import { SubmitButton } from '../../../components/ui/submit-button';

const FIELDS = [
  { name: 'first_name', label: 'lending.customer.firstName', required: true, autoComplete: 'given-name' },
  { name: 'last_name', label: 'lending.customer.lastName', required: true, autoComplete: 'family-name' },
  { name: 'phone_number', label: 'lending.customer.phoneNumber', autoComplete: 'tel', type: 'tel' },
  { name: 'address', label: 'lending.customer.address', autoComplete: 'street-address' },
  { name: 'id_type', label: 'lending.customer.idType', placeholder: 'lending.customer.idTypeHint' },
  { name: 'id_number', label: 'lending.customer.idNumber' },
  { name: 'email', label: 'lending.customer.email', autoComplete: 'email', type: 'email' },
  { name: 'birth_date', label: 'lending.customer.birthDate', type: 'date' },
  { name: 'nationality', label: 'lending.customer.nationality' },
  { name: 'occupation', label: 'lending.customer.work', placeholder: 'lending.customer.workHint' },
  { name: 'source_of_funds', label: 'lending.customer.sourceOfFunds', placeholder: 'lending.customer.sourceOfFundsHint' },
] as const satisfies readonly { name: string; label: MessageKey; placeholder?: MessageKey; required?: boolean; autoComplete?: string; type?: string }[];
type FieldName = (typeof FIELDS)[number]['name'];
type Values = Record<FieldName, string>;

function initial(customer: LocalCustomer | null): Values {
  return {
    first_name: customer?.first_name ?? '',
    last_name: customer?.last_name ?? '',
    phone_number: customer?.phone_number ?? '',
    address: customer?.address ?? '',
    id_type: customer?.id_type ?? '',
    id_number: shownIdNumber(customer?.id_number) ?? '',
    email: customer?.email ?? '',
    birth_date: customer?.birth_date ?? '',
    nationality: customer?.nationality ?? '',
    occupation: customer?.occupation ?? '',
    source_of_funds: customer?.source_of_funds ?? '',
  };
}

/** An empty date is no date (the schema reads '' as a wrong date, not as none). */
const toInput = (values: Values) => ({ ...values, birth_date: values.birth_date || null });

/** Field messages from the contract's schema, as the server would answer them. */
export function customerErrors(values: Values): Partial<Record<FieldName, string>> {
  const result = customerUpdateSchema.required({ first_name: true, last_name: true }).safeParse(toInput(values));
  if (result.success) return {};
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= fieldMessage(issue.message);
  }
  return errors;
}

/** Add or edit a customer; saved on this device first, sent by the queue. */
export function CustomerForm({ customer, onSaved, onCancel }: { customer: LocalCustomer | null; onSaved: (c: LocalCustomer) => void; onCancel: () => void }) {
  const t = useT('lending');
  const [values, setValues] = useState<Values>(() => initial(customer));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [saving, setSaving] = useState(false);
  // The pawner's language (decision 0291): a new customer starts at the site's default; '' keeps following it.
  const [language, setLanguage] = useState<Language | ''>(() => (customer ? customer.language ?? '' : siteLanguage() ?? ''));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = customerErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await saveCustomer({ ...toInput(values), language: language || null, uuid: customer?.uuid });
      notifySuccess(customer ? t('lending.customer.updated') : t('lending.customer.created'));
      onSaved(saved);
    } catch (err) {
      notifyError(refusalText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
      {FIELDS.map((f) => (
        <label key={f.name} className="flex flex-col gap-1">
          <span className="text-sm font-medium">
            {t(f.label)}
            {'required' in f && f.required && <span className="text-error" aria-hidden="true"> *</span>}
          </span>
          <input
            className={`input w-full ${errors[f.name] ? 'input-error' : ''}`}
            name={f.name}
            type={'type' in f ? f.type : 'text'}
            autoComplete={'autoComplete' in f ? f.autoComplete : 'off'}
            placeholder={'placeholder' in f ? t(f.placeholder) : undefined}
            required={'required' in f && f.required}
            aria-invalid={errors[f.name] ? true : undefined}
            aria-describedby={errors[f.name] ? `${f.name}-error` : undefined}
            value={values[f.name]}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
          {errors[f.name] && <span id={`${f.name}-error`} className="text-sm text-error">{errors[f.name]}</span>}
        </label>
      ))}
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('lending.customer.language')}</span>
        <select className="select w-full" name="language" value={language} aria-describedby="language-hint" onChange={(e) => setLanguage(e.target.value as Language | '')}>
          <option value="">{t('lending.customer.languageSiteDefault')}</option>
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>{LANGUAGE_NAMES[code]}</option>
          ))}
        </select>
        <span id="language-hint" className="text-xs text-base-content/70">{t('lending.customer.languageHint')}</span>
      </label>
      <div className="mt-2 flex justify-end gap-2 sm:col-span-2">
        <button type="button" className="btn" onClick={onCancel}>{t('lending.cancel')}</button>
        <SubmitButton busy={saving}>
          {customer ? t('lending.saveChanges') : t('lending.customers.add')}
        </SubmitButton>
      </div>
    </form>
  );
}
