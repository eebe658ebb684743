import { FREQUENCY_LABEL, MAX_SERIES_SESSIONS, SERIES_FREQUENCIES } from '@kalinga/contracts/series-constants';
import type { SeriesOccurrence } from '@kalinga/contracts/appointment-series';
import { useId } from 'react';
import { formatTime, formatWeekdayDate } from '../../../lib/dates';
import { toBook, undecided, type SeriesBooking } from './use-series-booking';

const at = (iso: string) => `${formatWeekdayDate(iso)} at ${formatTime(iso)}`;

/** "Repeat" and "Ends" of the booking form (counselors and managers booking something new). */
export function RepeatFields({ series, minDate }: { series: SeriesBooking; minDate: string }) {
  const { repeat, setRepeat } = series;
  const id = useId();
  return (
    <fieldset className="grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2" data-testid="repeat-fields">
      <legend className="px-1 text-sm font-semibold">Repeat</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-f`} className="font-medium">Repeats</label>
        <select id={`${id}-f`} className="select w-full" value={repeat.frequency} onChange={(e) => setRepeat({ ...repeat, frequency: e.target.value as typeof repeat.frequency })}>
          <option value="none">Does not repeat</option>
          {SERIES_FREQUENCIES.map((f) => <option key={f} value={f}>{FREQUENCY_LABEL[f]}</option>)}
        </select>
      </div>
      {series.repeating && (
        <div className="flex flex-col gap-1">
          <span className="font-medium" id={`${id}-ends`}>Ends</span>
          <div role="radiogroup" aria-labelledby={`${id}-ends`} className="flex flex-col gap-2">
            <label className="flex flex-wrap items-center gap-2">
              <input type="radio" className="radio radio-primary radio-sm" name={`${id}-end`} checked={repeat.endsBy === 'count'} onChange={() => setRepeat({ ...repeat, endsBy: 'count' })} />
              <span>After</span>
              <input
                type="number"
                className="input input-sm w-20"
                min={2}
                max={MAX_SERIES_SESSIONS}
                aria-label="Number of sessions"
                value={repeat.count}
                disabled={repeat.endsBy !== 'count'}
                onChange={(e) => setRepeat({ ...repeat, count: e.target.value })}
              />
              <span>sessions</span>
            </label>
            <label className="flex flex-wrap items-center gap-2">
              <input type="radio" className="radio radio-primary radio-sm" name={`${id}-end`} checked={repeat.endsBy === 'until'} onChange={() => setRepeat({ ...repeat, endsBy: 'until' })} />
              <span>On</span>
              <input type="date" className="input input-sm w-44" min={minDate} aria-label="Date of the last session" value={repeat.until} disabled={repeat.endsBy !== 'until'} onChange={(e) => setRepeat({ ...repeat, until: e.target.value })} />
            </label>
          </div>
          {!series.endOk && <p className="text-sm text-error">Give 2 to {MAX_SERIES_SESSIONS} sessions, or the date of the last one.</p>}
        </div>
      )}
    </fieldset>
  );
}

function OccurrenceRow({ o, series }: { o: SeriesOccurrence; series: SeriesBooking }) {
  const name = useId();
  const choice = series.choices[o.index];
  const decided = o.index in series.choices;
  const choose = (value: string | null) => series.setChoices({ ...series.choices, [o.index]: value });
  const wanted = o.wanted_instant ? at(o.wanted_instant) : `${o.wanted_date} at ${o.wanted_time}`;
  return (
    <li className={`rounded-box border p-3 ${o.outcome === 'blocked' && !decided ? 'border-error/60 bg-error/5' : 'border-base-300'}`} data-testid="series-occurrence">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">Session {o.index}: {wanted}</span>
        {o.outcome === 'blocked' ? (
          <span className={`badge badge-sm ${decided ? 'badge-info' : 'badge-error'}`}>{decided ? (choice === null ? 'Skipped' : 'Moved') : 'Cannot book'}</span>
        ) : (
          <span className="badge badge-sm badge-success">Free</span>
        )}
      </div>
      {o.problem && (
        <fieldset className="mt-2 flex flex-col gap-1">
          <legend className="text-sm text-base-content/80">{o.problem.message} {o.suggestions.length > 0 ? 'Nearest free times that week:' : 'No free time that week.'}</legend>
          {o.suggestions.map((s) => (
            <label key={s.appointment_date} className="flex items-center gap-2 text-sm">
              <input type="radio" className="radio radio-primary radio-xs" name={name} checked={choice === s.appointment_date} onChange={() => choose(s.appointment_date)} />
              {at(s.appointment_date)}
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" className="radio radio-xs" name={name} checked={decided && choice === null} onChange={() => choose(null)} />
            Skip this session
          </label>
        </fieldset>
      )}
    </li>
  );
}

/** The checked sessions: each with its problem and the nearest free times; the user decides before booking. */
export function SeriesPreviewList({ series, previewKey }: { series: SeriesBooking; previewKey: string }) {
  const preview = series.current(previewKey);
  if (!preview) return null;
  const left = undecided(preview, series.choices);
  const count = toBook(preview, series.choices);
  return (
    <section aria-label="Sessions of the series" className="flex flex-col gap-2">
      <p className="text-sm" role="status">
        {left > 0
          ? `${left} of ${preview.occurrences.length} sessions cannot be booked at that time. Choose another time or skip each one.`
          : `${count} sessions will be booked.`}
      </p>
      <ol className="flex max-h-80 flex-col gap-2 overflow-y-auto">
        {preview.occurrences.map((o) => <OccurrenceRow key={o.index} o={o} series={series} />)}
      </ol>
    </section>
  );
}
