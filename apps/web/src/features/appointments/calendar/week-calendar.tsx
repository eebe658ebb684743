import type { AppointmentStatus } from '@kalinga/contracts/appointments';
import type { CounselorCalendarReply } from '@kalinga/contracts/calendar';
import type { DayHeaderContentArg, EventClickArg, EventContentArg, EventMountArg, FormatterInput } from '@fullcalendar/core';
import { localDateOf } from '@kalinga/contracts/zone-time';
import { dayParts, formatTime, formatTimeRange } from '../../../lib/dates';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useEffect, useMemo, useRef } from 'react';
import { t, useLanguage } from '../../../lib/i18n';
import { statusLabel } from '../appointment-rules';
import './week-calendar.css';
import { businessHours, calendarEvents, dayNote, type EventMeaning, visibleHours } from './calendar-events';
import { type CalendarView, spokenDate } from './calendar-range';

export interface WeekCalendarProps {
  reply: CounselorCalendarReply;
  view: CalendarView;
  from: string;
  /** The company's current wall time, "YYYY-MM-DDTHH:mm:00". */
  now: string;
  bookable: boolean;
  onOpenAppointment: (uuid: string) => void;
  /** The viewer facilitates the calendar's group sessions: a click opens the group on the Groups screen. */
  onOpenGroup?: (groupUuid: string) => void;
  onBookSlot: (date: string, time: string) => void;
}

const VIEW_NAME: Record<CalendarView, string> = { day: 'timeGridDay', week: 'timeGridWeek' };
/** The calendar's times in the app's one time format ('8:00 AM', '9:00 – 10:00 AM'; FullCalendar's own say '8:00am'). */
const timeFormat: FormatterInput = (arg) =>
  arg.end ? formatTimeRange(arg.start.marker, arg.end.marker, 'UTC') : formatTime(arg.date.marker, 'UTC');

function meaningOf(extendedProps: Record<string, unknown>): EventMeaning {
  return extendedProps.meaning as EventMeaning;
}

function EventBody({ arg }: { arg: EventContentArg }) {
  const meaning = meaningOf(arg.event.extendedProps);
  // The visible words are the accessible name; the date (shown only in the column header) is added for screen readers.
  if (meaning.kind === 'free') {
    return (
      <span className="cal-event-text">
        <span className="font-semibold">{t('appointments.cal.free')}</span> <span className="cal-event-time">{arg.timeText}</span>
        <span className="sr-only">{t('appointments.cal.freeSr', { date: spokenDate(meaning.date) })}</span>
      </span>
    );
  }
  if (meaning.kind === 'group') {
    const { groupName, part } = arg.event.extendedProps as { groupName: string; part: string };
    return (
      <span className="cal-event-text">
        <span className="block truncate">{arg.timeText}</span>
        <span className="block truncate">
          <span className="font-semibold">{t('appointments.cal.groupBadge')}</span> · <span className="cal-client">{groupName}</span>
        </span>
        <span className="block truncate">{part}</span>
        <span className="sr-only">, {spokenDate(arg.event.startStr.slice(0, 10))}</span>
      </span>
    );
  }
  if (meaning.kind !== 'appointment') return <span className="cal-shade-label">{arg.event.title}</span>;
  const { status, client, reason } = arg.event.extendedProps as { status: AppointmentStatus; client: string; reason: string };
  return (
    <span className="cal-event-text">
      <span className="block truncate">{arg.timeText}</span>
      <span className="block truncate">
        <span className="font-semibold">{statusLabel(status)}</span> · <span className="cal-client">{client}</span>
      </span>
      <span className="block truncate">{reason}</span>
      <span className="sr-only">{t('appointments.cal.openSr', { date: spokenDate(arg.event.startStr.slice(0, 10)) })}</span>
    </span>
  );
}

/** The day or week grid (FullCalendar's time grid), loaded only with the calendar view. */
export default function WeekCalendar({ reply, view, from, now, bookable, onOpenAppointment, onOpenGroup, onBookSlot }: WeekCalendarProps) {
  const ref = useRef<FullCalendar>(null);
  // The events' words are in the language in use: a change of language draws them again.
  const language = useLanguage();
  const groupsOpenable = onOpenGroup !== undefined;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- language is read by calendarEvents through the catalogs
  const events = useMemo(() => calendarEvents(reply, { bookable, groupsOpenable }), [reply, bookable, groupsOpenable, language]);
  const hours = useMemo(() => visibleHours(reply), [reply]);
  const business = useMemo(() => businessHours(reply.days), [reply.days]);
  const byDate = useMemo(() => new Map(reply.days.map((d) => [d.date, d])), [reply.days]);

  useEffect(() => {
    ref.current?.getApi().changeView(VIEW_NAME[view], from);
  }, [view, from]);

  const onClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    const meaning = meaningOf(info.event.extendedProps);
    if (meaning.kind === 'appointment') onOpenAppointment(meaning.uuid);
    else if (meaning.kind === 'free') onBookSlot(meaning.date, meaning.time);
    else if (meaning.kind === 'group' && meaning.openable) onOpenGroup?.(meaning.groupUuid);
  };

  const onMount = (info: EventMountArg) => {
    const label = info.event.extendedProps.label;
    if (typeof label !== 'string') return;
    const meaning = meaningOf(info.event.extendedProps);
    // A session the viewer cannot open is read-only: it is read, not pressed (decision 0319).
    if (meaning.kind === 'group' && !meaning.openable) {
      info.el.removeAttribute('href');
      info.el.tabIndex = 0;
      info.el.setAttribute('role', 'note');
      info.el.setAttribute('aria-label', label);
    } else {
      info.el.setAttribute('role', 'button');
    }
    info.el.title = label;
    if (meaning.kind === 'group') info.el.dataset.group = meaning.groupUuid;
    if (meaning.kind === 'free') info.el.dataset.slot = `${meaning.date}T${meaning.time}`;
    if (meaning.kind === 'appointment') info.el.dataset.uuid = meaning.uuid;
  };

  const dayHeader = (arg: DayHeaderContentArg) => {
    const date = localDateOf(arg.date, 'UTC'); // the calendar runs in UTC: its dates are the wall dates
    const note = dayNote(byDate.get(date));
    return (
      <span className="flex flex-col items-center leading-tight">
        <span className="text-xs font-medium uppercase text-base-content/75">{dayParts(arg.date, 'UTC').weekday}</span>
        <span className="text-base font-semibold">{arg.date.getUTCDate()}</span>
        {note && <span className={`cal-day-note ${byDate.get(date)?.excluded ? 'text-error' : 'text-base-content/70'}`}>{note}</span>}
      </span>
    );
  };

  return (
    <FullCalendar
      ref={ref}
      plugins={[timeGridPlugin]}
      initialView={VIEW_NAME[view]}
      initialDate={from}
      headerToolbar={false}
      firstDay={1}
      timeZone="UTC"
      now={now}
      nowIndicator
      height="auto"
      allDaySlot={false}
      slotDuration="00:30:00"
      slotLabelInterval="01:00"
      slotLabelFormat={timeFormat}
      eventTimeFormat={timeFormat}
      slotMinTime={hours.min}
      slotMaxTime={hours.max}
      businessHours={business}
      slotEventOverlap={false}
      events={events}
      eventClick={onClick}
      eventContent={(arg) => <EventBody arg={arg} />}
      eventDidMount={onMount}
      dayHeaderContent={dayHeader}
    />
  );
}
