import type { AuthUser } from '@kalinga/contracts/auth';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSiteSettings } from '../../../session/site-settings';
import { useCounselorCalendar } from '../api/calendar-api';
import { useCounselors } from '../../../lib/option-queries';
import { isCounselorUser } from '../../../lib/viewer';
import type { BookingPreset } from '../appointment-form';
import { CalendarLegend } from './calendar-legend';
import { type CalendarView, rangeLabel, rangeOf, stepAnchor } from './calendar-range';
import { CalendarToolbar } from './calendar-toolbar';
import { onGridKeyDown } from './grid-keys';
import { useNarrowScreen } from './use-narrow-screen';
import WeekCalendar from './week-calendar';
import { todayIn, wallOf } from '@kalinga/contracts/zone-time';

export interface CalendarPanelProps {
  user: AuthUser;
  /** The viewer may book: free slots are offered. */
  bookable: boolean;
  onBook: (preset: BookingPreset) => void;
  /** Shows the appointment (the page's ?open=<uuid> dialog, with the card's actions). */
  onOpen: (uuid: string) => void;
}

/**
 * The counselor's day and week (decision 0058): counselors see their own, managers pick the counselor.
 * Loaded lazily with FullCalendar (docs/decisions/0058).
 */
export default function CalendarPanel({ user, bookable, onBook, onOpen }: CalendarPanelProps) {
  const t = useT('appointments');
  const settings = useSiteSettings();
  const ownCalendar = isCounselorUser(user);
  const narrow = useNarrowScreen();
  const [chosenView, setChosenView] = useState<CalendarView>('week');
  const view: CalendarView = narrow ? 'day' : chosenView;
  const [anchor, setAnchor] = useState(() => todayIn(settings.data?.timezone));
  const [picked, setPicked] = useState<number | null>(null);
  const pickerId = useId();
  const navigate = useNavigate();

  const counselors = useCounselors(!ownCalendar);
  const counselorId = ownCalendar ? user.id : (picked ?? counselors.data?.[0]?.id ?? null);
  const { from, days } = rangeOf(view, anchor);
  const calendar = useCounselorCalendar(ownCalendar ? null : counselorId, from, days, ownCalendar || counselorId !== null);

  const reply = calendar.data;
  const timeZone = reply?.timezone ?? settings.data?.timezone;
  const today = todayIn(timeZone);
  const nowWall = timeZone ? wallOf(new Date(), timeZone) : null;

  if (!ownCalendar && counselors.isPending) return <LoadingBlock text={t('appointments.cal.loadingCounselors')} />;
  if (!ownCalendar && counselors.isError) return <ErrorAlert message={errorMessage(counselors.error, t('appointments.loadFailed'))} retryText={t('appointments.retry')} onRetry={() => void counselors.refetch()} />;
  if (!ownCalendar && counselors.data?.length === 0) {
    return <EmptyState title={t('appointments.cal.noCounselors')} text={t('appointments.cal.addCounselor')} />;
  }

  const unit = view === 'week' ? 'week' : 'day';
  // A schedule without a working day (excluded dates are labelled on the grid itself).
  const noHours = reply && reply.days.every((d) => !d.is_available);

  return (
    <section aria-labelledby={`${pickerId}-title`} className="flex flex-col gap-3">
      <h2 id={`${pickerId}-title`} className="sr-only">{t('appointments.cal.calendar')}</h2>
      {!ownCalendar && (
        <div className="flex flex-col gap-1 sm:w-72">
          <label htmlFor={pickerId} className="text-sm font-medium">{t('appointments.cal.counselor')}</label>
          <select id={pickerId} className="select w-full" value={counselorId ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
            {(counselors.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
      )}

      <CalendarToolbar
        view={view}
        canChooseView={!narrow}
        label={rangeLabel(view, from)}
        onView={setChosenView}
        onStep={(direction) => setAnchor((a) => stepAnchor(view, a, direction))}
        onToday={() => setAnchor(today)}
      />
      <CalendarLegend bookable={bookable} />
      {timeZone && (
        <p className="text-xs text-base-content/70">
          {t('appointments.cal.zone', { zone: timeZone })}
        </p>
      )}

      <div aria-busy={calendar.isFetching} className="flex flex-col gap-3">
        {calendar.isPending ? (
          <LoadingBlock text={t('appointments.loadingCalendar')} />
        ) : calendar.isError ? (
          <ErrorAlert message={errorMessage(calendar.error, t('appointments.loadFailed'))} retryText={t('appointments.retry')} onRetry={() => void calendar.refetch()} />
        ) : reply && nowWall ? (
          <>
            <div role="status" className="flex flex-col gap-1 text-sm text-base-content/75 empty:hidden">
              {reply.appointments.length === 0 && reply.group_sessions.length === 0 && <p>{t('appointments.cal.noAppointments', { unit })}</p>}
              {noHours && (
                <p>
                  {t('appointments.cal.noHours', { unit })}{' '}
                  {ownCalendar && <Link to="/schedule" className="link">{t('appointments.cal.setHours')}</Link>}
                </p>
              )}
            </div>
            {/* Arrow keys here move between the focusable entries inside (grid-keys.ts); the div itself takes no focus. */}
            <div className={`kalinga-calendar transition-opacity ${calendar.isPlaceholderData ? 'opacity-60' : ''}`} onKeyDown={onGridKeyDown}>
              <WeekCalendar
                reply={reply}
                view={view}
                from={from}
                now={`${nowWall.date}T${nowWall.time}:00`}
                bookable={bookable}
                onOpenAppointment={onOpen}
                // The counselor's own group sessions open on the Groups screen; a manager only reads them (decision 0319).
                onOpenGroup={ownCalendar ? (uuid) => void navigate(`/groups?group=${encodeURIComponent(uuid)}`) : undefined}
                onBookSlot={(date, time) => onBook({ counselorId: reply.counselor.id, date, time })}
              />
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
