import type { Appointment, AppointmentStatus } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { dayParts, formatTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { appointmentWhen } from '../cancel-confirmation';
import {
  canChangeStatus,
  canComplete,
  canConfirm,
  canDelete,
  canEdit,
  canViewHistory,
  otherParty,
  statusBadgeClass,
  statusLabel,
  statusOptions,
} from '../appointment-rules';
import { StatusMenu } from './status-menu';
import { lazyPart } from '../../../lib/lazy-part';

// Loaded when a counselor first opens a client's attendance: the list's first paint does without it.
const attendance = lazyPart(() => import('./attendance-panel').then((m) => m.AttendancePanel));

export interface CardActions {
  onStatus: (a: Appointment, status: AppointmentStatus) => void;
  onEdit: (a: Appointment) => void;
  onDelete: (a: Appointment) => void;
  onCalendar: (a: Appointment) => void;
  onHistory: (a: Appointment) => void;
  /** Opens the session's series (decision 0150). */
  onSeries?: (a: Appointment) => void;
}

function Icon({ d, className = 'h-4 w-4' }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" className={`${className} shrink-0`} fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.5}>
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

const CLOCK = 'M12 6v6h4.5m4.5 0a9 9 0 11-18 0 9 9 0 0118 0z';
const PIN = 'M15 10.5a3 3 0 11-6 0 3 3 0 016 0z M19.5 10.5c0 7.142-7.5 11.25-7.5 11.25S4.5 17.642 4.5 10.5a7.5 7.5 0 1115 0z';
const VIDEO = 'M15.75 10.5l4.72-4.72a.75.75 0 011.28.53v11.38a.75.75 0 01-1.28.53l-4.72-4.72M4.5 18.75h9a2.25 2.25 0 002.25-2.25v-9a2.25 2.25 0 00-2.25-2.25h-9A2.25 2.25 0 002.25 7.5v9a2.25 2.25 0 002.25 2.25z';
const CALENDAR_PLUS = 'M6.75 3v2.25M17.25 3v2.25M3 18.75V7.5a2.25 2.25 0 012.25-2.25h13.5A2.25 2.25 0 0121 7.5v11.25m-18 0A2.25 2.25 0 005.25 21h13.5A2.25 2.25 0 0021 18.75m-18 0v-7.5A2.25 2.25 0 015.25 9h13.5A2.25 2.25 0 0121 11.25v7.5m-9-6h.008v.008H12v-.008zM12 15v3m-1.5-1.5h3';
const HISTORY = 'M12 6v6h4.5m4.5 0a9 9 0 11-18 0 9 9 0 0118 0z M3 3v4.5h4.5';
const PENCIL = 'M16.862 4.487l1.687-1.688a1.875 1.875 0 112.652 2.652L10.582 16.07a4.5 4.5 0 01-1.897 1.13L6 18l.8-2.685a4.5 4.5 0 011.13-1.897l8.932-8.931zm0 0L19.5 7.125';
const TRASH = 'M14.74 9l-.346 9m-4.788 0L9.26 9m9.968-3.21c.342.052.682.107 1.022.166m-1.022-.165L18.16 19.673a2.25 2.25 0 01-2.244 2.077H8.084a2.25 2.25 0 01-2.244-2.077L4.772 5.79m14.456 0a48.108 48.108 0 00-3.478-.397m-12 .562c.34-.059.68-.114 1.022-.165m0 0a48.11 48.11 0 013.478-.397m7.5 0v-.916c0-1.18-.91-2.164-2.09-2.201a51.964 51.964 0 00-3.32 0c-1.18.037-2.09 1.022-2.09 2.201v.916m7.5 0a48.667 48.667 0 00-7.5 0';

/** The session's counselor writes its case note once it has taken place (decision 0208). */
function canWriteNote(user: AuthUser | null, a: Appointment): boolean {
  if (!user || user.id !== a.counselor_id) return false;
  return a.status === 'completed' || ((a.status === 'confirmed' || a.status === 'pending') && Date.parse(a.appointment_date) <= Date.now());
}

/** One appointment: date block, time, reason, place, client type, the other party, status and the actions the viewer may take. */
export function AppointmentCard({ appointment: a, user, busy, actions, clientActions }: { appointment: Appointment; user: AuthUser | null; busy: boolean; actions: CardActions; clientActions?: ReactNode }) {
  const t = useT('appointments');
  const party = otherParty(user, a);
  const when = appointmentWhen(a);
  const day = dayParts(a.appointment_date);
  const [showAttendance, setShowAttendance] = useState(false);
  const staff = canViewHistory(user) && a.student_id !== user?.id;
  const awaiting = a.status === 'pending' && !!a.approval_reason;
  // What the buttons' labels name the session by: its reason, or that the care team alone reads it (decision 0377).
  const reason = a.reason ?? t('appointments.card.reasonWithheld');
  return (
    <article className="card card-border bg-base-100 shadow-sm" aria-label={`${reason}, ${when}`} data-testid="appointment-card" data-uuid={a.uuid}>
      <div className="card-body flex-row flex-wrap gap-4 p-4 sm:flex-nowrap">
        <div className="flex w-16 shrink-0 flex-col items-center justify-center rounded-box bg-primary/10 py-2 text-primary" aria-hidden="true">
          <span className="text-xs font-semibold uppercase">{day.weekday}</span>
          <span className="text-2xl font-bold leading-tight">{day.day}</span>
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="flex items-center gap-1 text-sm font-medium">
              <Icon d={CLOCK} />
              <time dateTime={a.appointment_date}>{formatTime(a.appointment_date)}</time>
            </span>
            <span className={`badge badge-sm ${statusBadgeClass(a.status)}`} data-testid="status-badge">{statusLabel(a.status)}</span>
            {a.status === 'cancelled' && a.late_cancellation && <span className="badge badge-sm badge-outline" data-testid="late-badge">{t('appointments.card.late')}</span>}
            {awaiting && staff && <span className="badge badge-sm badge-warning badge-outline">{t('appointments.card.needsApproval')}</span>}
            <span className="badge badge-sm badge-outline">{a.user_type === 'student' ? t('appointments.card.student') : t('appointments.card.personnel')}</span>
            {a.series && (actions.onSeries ? (
              <button type="button" className="badge badge-sm badge-secondary badge-soft cursor-pointer" data-testid="series-badge" aria-label={t('appointments.card.seriesOpen', { index: a.series.index, total: a.series.total })} onClick={() => actions.onSeries?.(a)}>
                {t('appointments.card.seriesBadge', { index: a.series.index, total: a.series.total })}
              </button>
            ) : (
              <span className="badge badge-sm badge-secondary badge-soft" data-testid="series-badge" aria-label={t('appointments.card.series', { index: a.series.index, total: a.series.total })}>{t('appointments.card.seriesBadge', { index: a.series.index, total: a.series.total })}</span>
            ))}
          </div>
          <h3 className="break-words font-semibold">{a.reason ?? <span className="font-normal italic text-base-content/70" data-testid="reason-withheld">{t('appointments.card.reasonWithheld')}</span>}</h3>
          {/* Place and category wrap as one line of text at word boundaries; names wrap too, never cut off. */}
          <p className="flex items-start gap-1 text-sm text-base-content/70" data-testid="appointment-place">
            <Icon d={a.location_type === 'online' ? VIDEO : PIN} className="mt-0.5 h-4 w-4" />
            <span className="min-w-0 break-words">
              {a.location_type === 'online' ? t('appointments.online') : a.location}
              {a.category && <> · {a.category.title}</>}
            </span>
          </p>
          <div className="flex items-center gap-2 pt-1">
            <Avatar name={party.name} src={party.avatar} size="sm" />
            {/* A counselor reaches the client's file from their name (decision 0235); the file decides who may open it. */}
            {user?.user_type === 'counselor' && a.student_id !== user.id ? (
              <Link className="link link-hover min-w-0 break-words text-sm" data-testid="appointment-party" to={`/clients/${a.student_id}`} aria-label={t('appointments.card.clientFile', { name: a.student.name })}>{party.name}</Link>
            ) : (
              <span className="min-w-0 break-words text-sm" data-testid="appointment-party">{party.name}</span>
            )}
          </div>
          {awaiting && !staff && <p className="text-sm text-base-content/75" data-testid="approval-reason">{a.approval_reason}</p>}
          {/* The client's attendance is their care team's (decision 0200): the session's counselor, not a manager. */}
          {staff && user?.id === a.counselor_id && (
            <div className="pt-1">
              <button type="button" className="btn btn-xs btn-ghost px-1 underline" aria-expanded={showAttendance} onClick={() => setShowAttendance((v) => !v)}>
                {showAttendance ? t('appointments.card.hideAttendance') : t('appointments.card.attendance')}
              </button>
              {showAttendance && <attendance.Part uuid={a.uuid} clientName={a.student.name} />}
            </div>
          )}
        </div>
        <div className="flex w-full flex-wrap items-center justify-end gap-1 sm:w-auto sm:flex-col sm:items-end sm:justify-start" data-card-actions>
          <div className="flex flex-wrap items-center justify-end gap-1">
            {canConfirm(user, a) && (
              <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => actions.onStatus(a, 'confirmed')}>
                {t('appointments.card.confirm')}
              </button>
            )}
            {canComplete(user, a) && (
              <button type="button" className="btn btn-sm btn-info" disabled={busy} onClick={() => actions.onStatus(a, 'completed')}>
                {t('appointments.card.complete')}
              </button>
            )}
            {canChangeStatus(user, a) && (
              <StatusMenu options={statusOptions(a)} disabled={busy} label={t('appointments.card.statusOptions', { reason })} onChange={(s) => actions.onStatus(a, s)} />
            )}
          </div>
          {canWriteNote(user, a) && (
            <Link className="btn btn-sm btn-outline" to={`/clients/${a.student_id}/notes?session=${a.uuid}&at=${encodeURIComponent(a.appointment_date)}`} aria-label={t('appointments.card.writeNoteLabel', { reason, when })}>
              {t('appointments.card.writeNote')}
            </Link>
          )}
          {clientActions}
          <div className="flex items-center justify-end gap-1">
            {a.status !== 'cancelled' && (
              <button type="button" className="btn btn-sm btn-ghost btn-square" title={t('appointments.card.addToCalendar')} aria-label={t('appointments.card.addToCalendarLabel', { reason })} onClick={() => actions.onCalendar(a)}>
                <Icon d={CALENDAR_PLUS} className="h-5 w-5" />
              </button>
            )}
            {canViewHistory(user) && (
              <button type="button" className="btn btn-sm btn-ghost btn-square" title={t('appointments.card.history')} aria-label={t('appointments.card.historyLabel', { reason })} onClick={() => actions.onHistory(a)}>
                <Icon d={HISTORY} className="h-5 w-5" />
              </button>
            )}
            {canEdit(user, a) && (
              <button type="button" className="btn btn-sm btn-ghost btn-square" title={t('appointments.card.edit')} aria-label={t('appointments.card.editLabel', { reason })} disabled={busy} onClick={() => actions.onEdit(a)}>
                <Icon d={PENCIL} className="h-5 w-5" />
              </button>
            )}
            {canDelete(user) && (
              <button type="button" className="btn btn-sm btn-ghost btn-square text-red-700" title={t('appointments.card.delete')} aria-label={t('appointments.card.deleteLabel', { reason })} disabled={busy} onClick={() => actions.onDelete(a)}>
                <Icon d={TRASH} className="h-5 w-5" />
              </button>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}
