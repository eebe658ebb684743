import type { Appointment } from '@kalinga/contracts/appointments';
import { type FormEvent, useEffect, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { tagged } from '../tagged';
import { useSiteSettings } from '../../../session/site-settings';
import { useAvailableSlots } from '../api/appointments-api';
import { SlotProblems } from './slot-problems';
import { useRescheduleOwnAppointment } from '../api/self-service-api';
import { appointmentWhen } from '../cancel-confirmation';
import { Field } from '../../../components/form-field';
import { MonthDays } from './month-days';
import { todayIn } from '@kalinga/contracts/zone-time';

/** The client moves their appointment to another free time of the same counselor (the booking form's day and time pickers). */
export function RescheduleModal({ appointment: a, open, onClose }: { appointment: Appointment; open: boolean; onClose: () => void }) {
  const t = useT('appointments');
  return (
    <Modal open={open} title={t('appointments.reschedule.title')} onClose={onClose} wide>
      <RescheduleForm appointment={a} onDone={onClose} />
    </Modal>
  );
}

function RescheduleForm({ appointment: a, onDone }: { appointment: Appointment; onDone: () => void }) {
  const t = useT('appointments');
  const settings = useSiteSettings();
  const today = todayIn(settings.data?.timezone);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const slots = useAvailableSlots(a.counselor_id, date);
  const move = useRescheduleOwnAppointment();

  // A chosen time that is no longer offered (someone took it) is cleared; the day stays.
  const offered = slots.data?.starts;
  useEffect(() => {
    if (offered && time && !offered.some((s) => s.time === time)) setTime('');
  }, [offered, time]);

  const start = offered?.find((s) => s.time === time)?.appointment_date ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!start || move.isPending) return;
    setError(null);
    try {
      await move.mutateAsync({ uuid: a.uuid, body: { appointment_date: start } });
      notifySuccess(t('appointments.reschedule.done'));
      onDone();
    } catch (err) {
      setError(errorMessage(err, t('appointments.reschedule.failed')));
      if (err instanceof ApiError && err.status === 409) void slots.refetch();
      notifyError(t('appointments.reschedule.failed'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('appointments.reschedule.title')}>
      <p>
        {tagged(t('appointments.reschedule.now', { name: a.counselor.name, when: appointmentWhen(a), reason: a.reason ?? t('appointments.card.reasonWithheld') }), { 0: (name) => <strong>{name}</strong>, 1: (when) => <strong>{when}</strong> })}
        {start
          ? tagged(t('appointments.reschedule.willMove', { when: appointmentWhen({ appointment_date: start }), name: a.counselor.name }), { 0: (when) => <strong data-testid="new-time">{when}</strong> })
          : t('appointments.reschedule.choose')}
      </p>
      {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('appointments.reschedule.newDate')} hint={<MonthDays counselorId={a.counselor_id} value={date} today={today} onPick={setDate} />}>
          {(id, d) => <input id={id} type="date" className="input w-full" min={today} required value={date} aria-describedby={d} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <Field
          label={t('appointments.reschedule.newTime')}
          hint={<SlotProblems failed={slots.isError} empty={!!slots.data && slots.data.starts.length === 0} onRetry={() => void slots.refetch()} />}
        >
          {(id, d) => (
            <select
              id={id}
              className="select w-full"
              required
              value={time}
              disabled={!date || slots.isFetching}
              aria-describedby={d}
              aria-busy={slots.isFetching}
              onChange={(e) => setTime(e.target.value)}
            >
              <option value="">{!date ? t('appointments.chooseDateFirst') : slots.isFetching ? t('appointments.loadingTimes') : t('appointments.selectTime')}</option>
              {(offered ?? []).map((s) => (
                <option key={s.time} value={s.time}>{formatTime(s.appointment_date)}</option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="modal-action mt-0 flex-wrap">
        <button type="button" className="btn" onClick={onDone}>{t('appointments.reschedule.keep')}</button>
        <button type="submit" className="btn btn-primary" disabled={!start || move.isPending}>
          {move.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {move.isPending ? t('appointments.reschedule.moving') : t('appointments.reschedule.move')}
        </button>
      </div>
    </form>
  );
}
