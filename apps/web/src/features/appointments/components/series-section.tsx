import { MAX_SERIES_SESSIONS, SERIES_FREQUENCIES, type SeriesProblemCode } from '@kalinga/contracts/series-constants';
import type { SeriesOccurrence } from '@kalinga/contracts/appointment-series';
import { useId } from 'react';
import { formatTime, formatWeekdayDate } from '../../../lib/dates';
import { type MessageKey, t as translate, useT } from '../../../lib/i18n';
import { toBook, undecided, type SeriesBooking } from './use-series-booking';

/** What each session's problem says, by its code (the server's English sentence is the same in English). */
const PROBLEM: Record<SeriesProblemCode, MessageKey> = {
  past: 'appointments.series.problem.past',
  day_off: 'appointments.series.problem.day_off',
  excluded: 'appointments.series.problem.excluded',
  no_such_time: 'appointments.series.problem.no_such_time',
  off_schedule: 'appointments.series.problem.off_schedule',
  held: 'appointments.series.problem.held',
  taken: 'appointments.series.problem.taken',
  client_busy: 'appointments.series.problem.client_busy',
  twice: 'appointments.series.problem.twice',
  other_week: 'appointments.series.problem.other_week',
};

const at = (iso: string) => translate('appointments.series.at', { date: formatWeekdayDate(iso), time: formatTime(iso) });

/** "Repeat" and "Ends" of the booking form (counselors and managers booking something new). */
export function RepeatFields({ series, minDate }: { series: SeriesBooking; minDate: string }) {
  const t = useT('appointments');
  const { repeat, setRepeat } = series;
  const id = useId();
  return (
    <fieldset className="grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2" data-testid="repeat-fields">
      <legend className="px-1 text-sm font-semibold">{t('appointments.series.repeat')}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-f`} className="font-medium">{t('appointments.series.repeats')}</label>
        <select id={`${id}-f`} className="select w-full" value={repeat.frequency} onChange={(e) => setRepeat({ ...repeat, frequency: e.target.value as typeof repeat.frequency })}>
          <option value="none">{t('appointments.series.noRepeat')}</option>
          {SERIES_FREQUENCIES.map((f) => <option key={f} value={f}>{t('appointments.series.frequency', { frequency: f })}</option>)}
        </select>
      </div>
      {series.repeating && (
        <div className="flex flex-col gap-1">
          <span className="font-medium" id={`${id}-ends`}>{t('appointments.series.ends')}</span>
          <div role="radiogroup" aria-labelledby={`${id}-ends`} className="flex flex-col gap-2">
            <label className="flex flex-wrap items-center gap-2">
              <input type="radio" className="radio radio-primary radio-sm" name={`${id}-end`} checked={repeat.endsBy === 'count'} onChange={() => setRepeat({ ...repeat, endsBy: 'count' })} />
              <span>{t('appointments.series.after')}</span>
              <input
                type="number"
                className="input input-sm w-20"
                min={2}
                max={MAX_SERIES_SESSIONS}
                aria-label={t('appointments.series.count')}
                value={repeat.count}
                disabled={repeat.endsBy !== 'count'}
                onChange={(e) => setRepeat({ ...repeat, count: e.target.value })}
              />
              <span>{t('appointments.series.sessions')}</span>
            </label>
            <label className="flex flex-wrap items-center gap-2">
              <input type="radio" className="radio radio-primary radio-sm" name={`${id}-end`} checked={repeat.endsBy === 'until'} onChange={() => setRepeat({ ...repeat, endsBy: 'until' })} />
              <span>{t('appointments.series.on')}</span>
              <input type="date" className="input input-sm w-44" min={minDate} aria-label={t('appointments.series.lastDate')} value={repeat.until} disabled={repeat.endsBy !== 'until'} onChange={(e) => setRepeat({ ...repeat, until: e.target.value })} />
            </label>
          </div>
          {!series.endOk && <p className="text-sm text-error">{t('appointments.series.endRule', { max: MAX_SERIES_SESSIONS })}</p>}
        </div>
      )}
    </fieldset>
  );
}

function OccurrenceRow({ o, series }: { o: SeriesOccurrence; series: SeriesBooking }) {
  const t = useT('appointments');
  const name = useId();
  const choice = series.choices[o.index];
  const decided = o.index in series.choices;
  const choose = (value: string | null) => series.setChoices({ ...series.choices, [o.index]: value });
  const wanted = o.wanted_instant ? at(o.wanted_instant) : t('appointments.series.at', { date: o.wanted_date, time: o.wanted_time });
  return (
    <li className={`rounded-box border p-3 ${o.outcome === 'blocked' && !decided ? 'border-error/60 bg-error/5' : 'border-base-300'}`} data-testid="series-occurrence">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{t('appointments.series.session', { index: o.index, when: wanted })}</span>
        {o.outcome === 'blocked' ? (
          <span className={`badge badge-sm ${decided ? 'badge-info' : 'badge-error'}`}>{decided ? (choice === null ? t('appointments.series.skipped') : t('appointments.series.moved')) : t('appointments.series.cannotBook')}</span>
        ) : (
          <span className="badge badge-sm badge-success">{t('appointments.series.free')}</span>
        )}
      </div>
      {o.problem && (
        <fieldset className="mt-2 flex flex-col gap-1">
          <legend className="text-sm text-base-content/80">{t(PROBLEM[o.problem.code])} {o.suggestions.length > 0 ? t('appointments.series.nearest') : t('appointments.series.noneThatWeek')}</legend>
          {o.suggestions.map((s) => (
            <label key={s.appointment_date} className="flex items-center gap-2 text-sm">
              <input type="radio" className="radio radio-primary radio-xs" name={name} checked={choice === s.appointment_date} onChange={() => choose(s.appointment_date)} />
              {at(s.appointment_date)}
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" className="radio radio-xs" name={name} checked={decided && choice === null} onChange={() => choose(null)} />
            {t('appointments.series.skip')}
          </label>
        </fieldset>
      )}
    </li>
  );
}

/** The checked sessions: each with its problem and the nearest free times; the user decides before booking. */
export function SeriesPreviewList({ series, previewKey }: { series: SeriesBooking; previewKey: string }) {
  const t = useT('appointments');
  const preview = series.current(previewKey);
  if (!preview) return null;
  const left = undecided(preview, series.choices);
  const count = toBook(preview, series.choices);
  return (
    <section aria-label={t('appointments.series.list')} className="flex flex-col gap-2">
      <p className="text-sm" role="status">
        {left > 0
          ? t('appointments.series.left', { left, total: preview.occurrences.length })
          : t('appointments.series.willBook', { count })}
      </p>
      <ol className="flex max-h-80 flex-col gap-2 overflow-y-auto">
        {preview.occurrences.map((o) => <OccurrenceRow key={o.index} o={o} series={series} />)}
      </ol>
    </section>
  );
}
