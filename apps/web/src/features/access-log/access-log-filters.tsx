import { ACCESS_KINDS } from '@kalinga/contracts/client-access-constants';
import { useT } from '../../lib/i18n';
import { KIND_LABELS } from './access-log-kinds';
import type { AccessLogFilters } from './access-log-api';

/** The Access log's filters: a person's or a client's name, what was opened, and a range of days. */
export function AccessLogFilterBar({ value, onChange, errors }: { value: AccessLogFilters; onChange: (next: AccessLogFilters) => void; errors: Record<string, string[]> }) {
  const t = useT('accessLog');
  const set = (key: keyof AccessLogFilters, v: string) => onChange({ ...value, [key]: v });
  const dateError = errors.to?.[0] ?? errors.from?.[0];
  return (
    <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label={t('accessLog.filter.label')} onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-col gap-1">
        <label htmlFor="log-person" className="text-sm font-medium">{t('accessLog.filter.person')}</label>
        <input id="log-person" className="input w-full" type="search" placeholder={t('accessLog.filter.personPlaceholder')} value={value.person} onChange={(e) => set('person', e.target.value)} autoComplete="off" />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="log-client" className="text-sm font-medium">{t('accessLog.filter.client')}</label>
        <input id="log-client" className="input w-full" type="search" placeholder={t('accessLog.filter.clientPlaceholder')} value={value.client} onChange={(e) => set('client', e.target.value)} autoComplete="off" />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="log-kind" className="text-sm font-medium">{t('accessLog.filter.what')}</label>
        <select id="log-kind" className="select w-full" value={value.kind} onChange={(e) => set('kind', e.target.value)}>
          <option value="">{t('accessLog.filter.everything')}</option>
          {ACCESS_KINDS.map((k) => (
            <option key={k} value={k}>{t(KIND_LABELS[k])}</option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="log-from" className="text-sm font-medium">{t('accessLog.filter.from')}</label>
        <input id="log-from" className={`input w-full ${dateError ? 'input-error' : ''}`} type="date" value={value.from} max={value.to || undefined} onChange={(e) => set('from', e.target.value)} aria-describedby={dateError ? 'log-dates-error' : undefined} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="log-to" className="text-sm font-medium">{t('accessLog.filter.to')}</label>
        <input id="log-to" className={`input w-full ${dateError ? 'input-error' : ''}`} type="date" value={value.to} min={value.from || undefined} onChange={(e) => set('to', e.target.value)} aria-describedby={dateError ? 'log-dates-error' : undefined} />
      </div>
      {dateError && <p id="log-dates-error" className="text-sm text-red-700 sm:col-span-2 lg:col-span-5">{dateError}</p>}
    </form>
  );
}
