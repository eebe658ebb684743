import { APPOINTMENT_STATUSES } from '@kalinga/contracts/appointment-constants';
import { useT } from '../../../lib/i18n';
import { statusLabel } from '../appointment-rules';
import { STATUS_COLOURS } from './calendar-events';

/** What the calendar's colours and shading mean, in words (colour is never the only cue). */
export function CalendarLegend({ bookable }: { bookable: boolean }) {
  const t = useT('appointments');
  return (
    <ul aria-label={t('appointments.cal.legend')} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/80">
      {APPOINTMENT_STATUSES.map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="cal-swatch" style={{ backgroundColor: STATUS_COLOURS[s].background, borderColor: STATUS_COLOURS[s].border }} />
          {statusLabel(s)}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="cal-swatch cal-swatch-group" />
        {t('appointments.cal.groupLegend')}
      </li>
      {bookable && (
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="cal-swatch cal-swatch-free" />
          {t('appointments.cal.freeToBook')}
        </li>
      )}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="cal-swatch cal-swatch-break" />
        {t('appointments.cal.break')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="cal-swatch cal-swatch-off" />
        {t('appointments.cal.outside')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="cal-swatch cal-swatch-excluded" />
        {t('appointments.cal.excludedDate')}
      </li>
    </ul>
  );
}
