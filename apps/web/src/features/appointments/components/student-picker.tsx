import type { StudentOption } from '@kalinga/contracts/users';
import { useEffect, useId, useState } from 'react';
import { notifyError, notifyInfo } from '../../../components/ui/toast';
import { searchStudents } from '../api/appointments-api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useT } from '../../../lib/i18n';

export const STUDENT_SEARCH_MIN = 2;

/** The counselor's student search (2+ characters, 300 ms debounce, role student); picks one student. */
export function StudentPicker({ value, onChange, error, disabled }: { value: StudentOption | null; onChange: (s: StudentOption | null) => void; error?: string; disabled?: boolean }) {
  const t = useT('appointments');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<StudentOption[]>([]);
  const [searching, setSearching] = useState(false);
  const [noMatch, setNoMatch] = useState(false);
  const inputId = useId();
  const listId = useId();
  const errorId = useId();

  // Asks once the typing has paused: each new query cancels the request of the one before.
  const q = useDebouncedValue(query.trim());
  useEffect(() => {
    setNoMatch(false);
    if (q.length < STUDENT_SEARCH_MIN) {
      setResults([]);
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    void (async () => {
      try {
        const found = await searchStudents(q, controller.signal);
        if (controller.signal.aborted) return;
        if (found === 'none') {
          setResults([]);
          setNoMatch(true);
          notifyInfo(t('appointments.student.none'));
        } else {
          setResults(found);
        }
      } catch {
        if (!controller.signal.aborted) notifyError(t('appointments.student.searchFailed'));
      } finally {
        if (!controller.signal.aborted) setSearching(false);
      }
    })();
    return () => controller.abort();
  }, [q, t]);

  if (value) {
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-medium">{t('appointments.form.student')}</span>
        <div className="flex min-w-0 items-center justify-between gap-2 rounded-field border border-base-300 px-3 py-2">
          {/* The whole name and ID, wrapped: a long one never pushes Change out of a phone's width. */}
          <span className="min-w-0 break-words" data-testid="chosen-student">
            {value.name}
            {value.student_id && <span className="block text-sm text-base-content/75">{value.student_id}</span>}
          </span>
          {!disabled && (
            <button type="button" className="btn btn-ghost btn-xs shrink-0" onClick={() => onChange(null)}>
              {t('appointments.student.change')}
            </button>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={inputId} className="font-medium">{t('appointments.form.student')}</label>
      <div className="relative">
        <input
          id={inputId}
          className={`input w-full ${error ? 'input-error' : ''}`}
          type="search"
          placeholder={t('appointments.student.search')}
          value={query}
          disabled={disabled}
          autoComplete="off"
          aria-controls={listId}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={!!error}
          onChange={(e) => setQuery(e.target.value)}
        />
        {searching && <span className="loading loading-spinner loading-sm absolute right-3 top-3" role="status" aria-label={t('appointments.student.searching')} />}
      </div>
      <ul id={listId} aria-label={t('appointments.student.matches')} className={results.length ? 'menu max-h-48 w-full flex-nowrap overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1' : 'hidden'}>
        {results.map((s) => (
          <li key={s.id}>
            <button type="button" onClick={() => { onChange(s); setQuery(''); setResults([]); }}>
              <span className="min-w-0 break-words">{s.name}</span>
              {s.student_id && <span className="text-base-content/75">{s.student_id}</span>}
            </button>
          </li>
        ))}
      </ul>
      {noMatch && <p className="text-sm text-base-content/70">{t('appointments.student.none')}</p>}
      {error && <p id={errorId} className="text-sm text-error">{error}</p>}
    </div>
  );
}
