import { WEEKDAYS as WEEKDAYS_FROM_MONDAY } from '@kalinga/contracts/schedule';
import { addDaysToDate, weekdayOf } from '@kalinga/contracts/zone-time';
import { useState } from 'react';
import { formatLongDate, formatMonth, formatWeekdayDate, isWholeDate } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useAvailableDays } from '../api/appointments-api';

/** Monday first, as the days' catalog message numbers them. */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The dates of a month, Monday first, with nulls before the 1st. */
export function monthCells(month: string): (string | null)[] {
  const first = `${month}-01`;
  const lead = WEEKDAYS_FROM_MONDAY.indexOf(weekdayOf(first));
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; d.startsWith(month); d = addDaysToDate(d, 1)) cells.push(d);
  return cells;
}

/**
 * The booking form's month at a glance: days with a free slot are marked and can be picked, the others are
 * greyed; 'Next available: {date}' jumps to the first free day. One call per month shown.
 */
export function MonthDays({ counselorId, value, today, exclude, disabled, onPick }: {
  counselorId: number | null;
  value: string;
  today: string;
  exclude?: string;
  disabled?: boolean;
  onPick: (date: string) => void;
}) {
  const t = useT('appointments');
  const [shown, setShown] = useState((value || today).slice(0, 7));
  const [lastValue, setLastValue] = useState(value);
  // A date typed into the field moves the month shown to it.
  if (value !== lastValue) {
    setLastValue(value);
    if (isWholeDate(value) && value.slice(0, 7) !== shown) setShown(value.slice(0, 7));
  }
  const days = useAvailableDays(counselorId, shown, exclude);
  if (!counselorId) return null;
  const free = new Set(days.data?.days ?? []);
  const next = days.data?.next_available ?? null;
  const pick = (date: string) => {
    setShown(date.slice(0, 7));
    onPick(date);
  };
  return (
    <div className="mt-1 flex flex-col gap-2" data-testid="month-days">
      {days.data && (
        next ? (
          <button type="button" className="btn btn-sm btn-outline self-start" disabled={disabled} onClick={() => pick(next)}>
            {t('appointments.days.next', { date: formatWeekdayDate(next) })}
          </button>
        ) : (
          <p className="text-sm text-base-content/75">{t('appointments.days.noneSoon')}</p>
        )
      )}
      <div className="rounded-box border border-base-300 p-2">
        <div className="mb-1 flex items-center justify-between">
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('appointments.days.previous')} disabled={disabled || shown <= today.slice(0, 7)} onClick={() => setShown(shiftMonth(shown, -1))}>‹</button>
          <span className="text-sm font-medium" aria-live="polite">{formatMonth(`${shown}-01`)}</span>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('appointments.days.nextMonth')} disabled={disabled} onClick={() => setShown(shiftMonth(shown, 1))}>›</button>
        </div>
        <div className="grid grid-cols-7 gap-0.5 text-center text-xs" role="group" aria-label={t('appointments.days.group')}>
          {WEEKDAYS.map((w) => <span key={w} aria-hidden="true" className="py-1 text-base-content/60">{t('appointments.days.weekdays', { day: w })}</span>)}
          {monthCells(shown).map((date, i) => {
            if (!date) return <span key={`lead-${i}`} />;
            const isFree = free.has(date);
            const selected = date === value;
            return (
              <button
                key={date}
                type="button"
                className={`btn btn-xs h-8 min-h-0 px-0 ${selected ? 'btn-primary' : isFree ? 'btn-soft btn-primary font-semibold' : 'btn-ghost text-base-content/45'}`}
                disabled={disabled || !isFree}
                aria-pressed={selected}
                aria-label={t('appointments.days.day', { date: formatLongDate(date), free: isFree ? 'yes' : 'no' })}
                onClick={() => pick(date)}
              >
                {Number(date.slice(8))}
              </button>
            );
          })}
        </div>
        {days.isError && <p className="mt-1 text-xs text-error">{t('appointments.slots.failed')}</p>}
      </div>
    </div>
  );
}
