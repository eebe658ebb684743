import { APPOINTMENT_STATUSES } from '@kalinga/contracts/appointment-constants';
import { statusLabel } from '../appointment-rules';
import { STATUS_COLOURS } from './calendar-events';

/** What the calendar's colours and shading mean, in words (colour is never the only cue). */
export function CalendarLegend({ bookable }: { bookable: boolean }) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/80">
      {APPOINTMENT_STATUSES.map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="cal-swatch" style={{ backgroundColor: STATUS_COLOURS[s].background, borderColor: STATUS_COLOURS[s].border }} />
          {statusLabel(s)}
        </li>
      ))}
      {bookable && (
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="cal-swatch cal-swatch-free" />
          Free (select to book)
        </li>
      )}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="cal-swatch cal-swatch-break" />
        Break
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="cal-swatch cal-swatch-off" />
        Outside working hours
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="cal-swatch cal-swatch-excluded" />
        Excluded date
      </li>
    </ul>
  );
}
