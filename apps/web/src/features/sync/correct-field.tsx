import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@kalinga/contracts/languages';
import { useT } from '../../lib/i18n';
import { fieldLabel } from './entry-text';

// One field of a refused change in the Sync panel's Correct form (decision 0112). Most are text or a number; the
// pawner's language is a choice of the two languages, or none (the site's default, decision 0291), as on the
// customer form: the server takes only `fil` or `en`.

/** The value a field's control starts with: its text; a language the server would refuse starts at the site's default. */
export function correctValue(field: string, value: string | number | null): string {
  if (field === 'language') return isLanguage(value) ? value : '';
  return value === null ? '' : String(value);
}

export function CorrectField({ field, sample, value, onChange }: { field: string; sample: string | number | null; value: string; onChange: (value: string) => void }) {
  const t = useT('sync');
  const label = <span className="label-text text-sm">{fieldLabel(t, field)}</span>;
  if (field === 'language') {
    return (
      <label className="form-control">
        {label}
        <select className="select select-bordered select-sm w-full" name={field} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('sync.field.languageSiteDefault')}</option>
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>{LANGUAGE_NAMES[code]}</option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <label className="form-control">
      {label}
      <input
        className="input input-bordered input-sm"
        name={field}
        type={typeof sample === 'number' ? 'number' : 'text'}
        step={typeof sample === 'number' ? 'any' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
