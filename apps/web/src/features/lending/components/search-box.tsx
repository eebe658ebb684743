import { useT } from '../../../lib/i18n';

/** A labelled search field with a clear button. */
export function SearchBox({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (v: string) => void }) {
  const t = useT('lending');
  return (
    <label className="input w-full sm:max-w-md">
      <svg aria-hidden="true" className="h-4 w-4 opacity-60" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
        <path strokeLinecap="round" strokeLinejoin="round" d="M21 21l-5.197-5.197m0 0A7.5 7.5 0 105.196 5.196a7.5 7.5 0 0010.607 10.607z" />
      </svg>
      <input type="search" className="grow" placeholder={placeholder} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
      {value && (
        <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={t('lending.clearSearch')} onClick={() => onChange('')}>
          ✕
        </button>
      )}
    </label>
  );
}
