import { useRef, useState } from 'react';
import { Drawer } from '../../../components/ui/drawer';
import { useT } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useOnlineStatus } from '../../../lib/online-status';
import { bookStillComing, useFirstSync } from '../../../offline/first-sync';
import { firstSyncWords } from '../first-sync-words';
import { useCustomerMatches, type LocalCustomer } from '../book/lending-queries';
import { CustomerForm } from './customer-form';
import { FieldError } from './field-error';

/** Pick the pawner by name or phone, or add a new one in the drawer. */
export function CustomerPicker({ value, onChange, inputId, error }: { value: LocalCustomer | undefined; onChange: (c: LocalCustomer | undefined) => void; inputId?: string; error?: string }) {
  const t = useT('lending');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 150);
  const matches = useCustomerMatches(debounced);
  const [adding, setAdding] = useState(false);
  const firstSync = useFirstSync();
  const coming = bookStillComing(firstSync);
  const online = useOnlineStatus();
  const searchRef = useRef<HTMLInputElement>(null);
  const change = () => {
    onChange(undefined);
    // The button goes with the chosen customer: the clerk goes on in the search field that takes its place.
    requestAnimationFrame(() => searchRef.current?.focus());
  };

  if (value) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3">
        <div>
          <p className="font-semibold" data-testid="picked-customer">{value.last_name}, {value.first_name}</p>
          <p className="text-sm text-base-content/70">{value.phone_number || t('lending.picker.noPhone')}</p>
        </div>
        <button type="button" className="btn btn-sm" onClick={change}>{t('lending.picker.change')}</button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className={`input w-full min-w-0 sm:flex-1 ${error ? 'input-error' : ''}`}>
          <span className="sr-only">{t('lending.picker.find')}</span>
          <input
            id={inputId}
            ref={searchRef}
            type="search"
            className="grow"
            placeholder={t('lending.picker.placeholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error && inputId ? `${inputId}-error` : undefined}
          />
        </label>
        <button type="button" className="btn" onClick={() => setAdding(true)}>{t('lending.picker.new')}</button>
      </div>
      {error && inputId && <FieldError id={`${inputId}-error`} message={error} />}
      {debounced.trim() && matches.data && (
        matches.data.length === 0 ? (
          coming ? (
            <p className="text-sm" role="status" data-testid="picker-still-loading">
              {t('lending.picker.stillLoadingNone')} {firstSyncWords(firstSync, online)}
            </p>
          ) : (
            <p className="text-sm text-base-content/70">{t('lending.picker.noMatch')}</p>
          )
        ) : (
          <ul className="menu w-full rounded-box border border-base-300 bg-base-100" aria-label={t('lending.picker.matches')}>
            {matches.data.map((c) => (
              <li key={c.uuid}>
                <button type="button" onClick={() => onChange(c)}>
                  {c.last_name}, {c.first_name}
                  <span className="text-base-content/60">{c.phone_number}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      )}
      {debounced.trim() && coming && matches.data && matches.data.length > 0 && (
        <p className="text-sm" role="status">{t('lending.picker.stillLoadingMore')} {firstSyncWords(firstSync, online)}</p>
      )}
      <Drawer open={adding} title={t('lending.customers.add')} onClose={() => setAdding(false)}>
        {adding && <CustomerForm customer={null} onSaved={(c) => { setAdding(false); onChange(c); }} onCancel={() => setAdding(false)} />}
      </Drawer>
    </div>
  );
}
