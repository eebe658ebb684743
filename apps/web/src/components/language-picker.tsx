import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@kalinga/contracts/languages';
import { useId } from 'react';

/**
 * The language picker (decision 0246): each language named in itself, so a reader finds theirs whatever the page is
 * in. `onChoose` saves the choice where it belongs (this device before sign-in, the user's profile after).
 */
export function LanguagePicker({ label, value, onChoose, disabled = false, extra }: {
  label: string;
  value: Language | '';
  onChoose: (language: Language | '') => void;
  disabled?: boolean;
  /** An option before the languages with an empty value (e.g. the site's default), when the choice may be none. */
  extra?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <select id={id} className="select select-sm w-auto" value={value} disabled={disabled} onChange={(e) => onChoose(e.target.value as Language | '')}>
        {extra !== undefined && <option value="">{extra}</option>}
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>{LANGUAGE_NAMES[language]}</option>
        ))}
      </select>
    </div>
  );
}
