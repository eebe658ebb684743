import { useT } from '../../lib/i18n';

/** One questionnaire item: its words as the legend, the four answers (in the language in use) as radio buttons. */
export function QuestionGroup({ name, number, text, value, invalid, options, onChange }: {
  name: string;
  number: number | null;
  text: string;
  value: number | null;
  invalid: boolean;
  options: readonly { value: number; label: string }[];
  onChange: (value: number) => void;
}) {
  const t = useT('intake');
  return (
    <fieldset id={`q-${name}`} className={`rounded-box border p-3 ${invalid ? 'border-error' : 'border-base-300'}`} aria-invalid={invalid || undefined}>
      <legend className="px-1 font-medium">
        {number !== null && <span className="mr-1 text-base-content/70">{number}.</span>}
        {text}
      </legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-4">
        {options.map((o) => (
          <label key={o.value} className={`flex cursor-pointer items-center gap-2 rounded-field border px-3 py-2 ${value === o.value ? 'border-primary bg-primary/10' : 'border-base-300'}`}>
            <input type="radio" className="radio radio-primary radio-sm" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span className="text-sm">{o.label}</span>
          </label>
        ))}
      </div>
      {invalid && <p className="mt-1 text-sm text-red-700">{t('intake.chooseAnswer')}</p>}
    </fieldset>
  );
}
