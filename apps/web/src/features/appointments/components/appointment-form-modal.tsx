import type { Appointment, CreateAppointmentBody } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Modal } from '../../../components/ui/modal';
import { MonthDays } from './month-days';
import { Spinner } from '../../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { useSiteSettings } from '../../../lib/site-settings';
import { todayInZone } from '../../../lib/zone-time';
import { useAvailableSlots, useCategoryOptions, useCounselors, useSaveAppointment } from '../api/appointments-api';
import { SlotProblems } from './slot-problems';
import { emptyValues, instantForSlot, isComplete, toBody, valuesFromAppointment } from '../appointment-form';
import { clientFieldsLocked, isCounselorUser, isManager } from '../appointment-rules';
import { Field } from './form-field';
import { StudentPicker } from './student-picker';
import { useFormValues } from './use-form-values';
import { RepeatFields, SeriesPreviewList } from './series-section';
import { useSeriesBooking } from './use-series-booking';
import { NewStudentFields } from './new-student-fields';
import { BookingHold } from './booking-hold';

/** A new booking's counselor, date and HH:mm (company zone), as a free slot of the calendar gives them. */
export interface BookingPreset {
  counselorId: number;
  date: string;
  time: string;
}

/** 'Book Appointment' / 'Edit Appointment'. Rendered only while open, so each opening starts fresh. */
export function AppointmentFormModal({ open, appointment, preset, user, onClose }: { open: boolean; appointment: Appointment | null; preset?: BookingPreset | null; user: AuthUser; onClose: () => void }) {
  return (
    <Modal open={open} title={appointment ? 'Edit Appointment' : 'Book Appointment'} onClose={onClose} wide>
      <AppointmentForm appointment={appointment} preset={preset ?? null} user={user} onDone={onClose} />
    </Modal>
  );
}

/** The slot list, plus the edited appointment's own time when it is not in it, in time order. */
function slotOptions(slots: readonly string[] | undefined, own: string | null): string[] {
  const list = [...(slots ?? [])];
  if (own && !list.includes(own)) list.push(own);
  return list.sort();
}

function AppointmentForm({ appointment, preset, user, onDone }: { appointment: Appointment | null; preset: BookingPreset | null; user: AuthUser; onDone: () => void }) {
  const settings = useSiteSettings();
  const timeZone = settings.data?.timezone;
  const counselor = isCounselorUser(user);
  const editing = appointment !== null;
  // Counselors book for a student (picker or 'New Student'); everyone else books for themselves.
  const picksStudent = counselor;
  const sendsNotes = counselor || isManager(user);
  const locked = clientFieldsLocked(user, appointment);

  const { values, setValues, set, fieldErrors, setFieldErrors } = useFormValues(() =>
    appointment ? valuesFromAppointment(appointment, timeZone) : { ...emptyValues(counselor ? user.id : null), ...preset },
  );
  const [formError, setFormError] = useState<string | null>(null);

  // The edited appointment's time is filled in from the company zone once the settings are known.
  const filledTime = useRef(values.time !== '' || !editing);
  useEffect(() => {
    if (filledTime.current || !appointment || !timeZone) return;
    filledTime.current = true;
    setValues((v) => (v.time ? v : { ...v, time: valuesFromAppointment(appointment, timeZone).time }));
  }, [appointment, timeZone, setValues]);

  const counselors = useCounselors(!counselor);
  const categories = useCategoryOptions(true);
  const slots = useAvailableSlots(values.counselorId, values.date, appointment?.uuid);
  const save = useSaveAppointment();

  const formDataFailed = counselors.isError || categories.isError;
  useEffect(() => {
    if (formDataFailed) notifyError('Failed to load form data');
  }, [formDataFailed]);
  useEffect(() => {
    if (slots.isError) notifyError('Failed to load available time slots');
  }, [slots.isError]);

  // Spec section 5: a chosen time that is not in the slot list is cleared.
  const slotList = slots.data?.slots;
  useEffect(() => {
    if (!slotList || !filledTime.current) return;
    setValues((v) => {
      if (!v.time || slotList.includes(v.time)) return v;
      if (appointment && timeZone) {
        const own = valuesFromAppointment(appointment, timeZone);
        if (v.time === own.time && v.date === own.date && v.counselorId === own.counselorId) return v;
      }
      return { ...v, time: '' };
    });
  }, [slotList, appointment, timeZone, setValues]);

  // The edited appointment keeps its own time on its own day and counselor even when the schedule
  // has changed since; the server accepts an unchanged time without a slot check (decision 0051).
  const original = appointment && timeZone ? valuesFromAppointment(appointment, timeZone) : null;
  const keepsOriginal = !!original?.time && values.date === original.date && values.counselorId === original.counselorId;
  const timeOptions = slotOptions(slots.data?.slots, keepsOriginal ? original!.time : null);
  const today = todayInZone(timeZone);
  // A new booking by a counselor or a manager may repeat (decision 0150): checked first, then booked whole.
  const series = useSeriesBooking();
  const canRepeat = !editing && (counselor || isManager(user));
  const seriesKey = JSON.stringify([values, series.repeat]);
  const repeating = canRepeat && series.repeating;
  const complete = isComplete(values, { editing, picksStudent }) && (!repeating || series.endOk);
  const err = (field: string) => fieldErrors[field]?.[0];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || save.isPending || series.busy) return;
    setFormError(null);
    const instant = keepsOriginal && values.time === original!.time ? appointment!.appointment_date : instantForSlot(values.date, values.time, slots.data, timeZone);
    if (!instant) {
      setFieldErrors({ appointment_date: ['Choose one of the available times.'] });
      return;
    }
    if (repeating) {
      await series.submitWithFeedback(toBody(values, instant, { editing, picksStudent, sendsNotes }) as CreateAppointmentBody, seriesKey, { setFormError, setFieldErrors, done: onDone });
      return;
    }
    try {
      await save.mutateAsync({ uuid: appointment?.uuid ?? null, body: toBody(values, instant, { editing, picksStudent, sendsNotes }) });
      notifySuccess(editing ? 'Appointment updated successfully' : 'Appointment booked successfully');
      onDone();
    } catch (error) {
      // Keep everything the user typed; show why it failed next to the fields or above the form.
      const fallback = editing ? 'Failed to update appointment' : 'Failed to book appointment';
      if (error instanceof ApiError && error.status === 409) {
        setFormError(error.message);
        void slots.refetch();
      } else if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length) {
        setFieldErrors(error.errors);
        setFormError(error.message);
      } else {
        setFormError(error instanceof ApiError && error.message ? error.message : fallback);
      }
      notifyError(fallback);
    }
  };

  if (settings.isPending || categories.isPending || (!counselor && counselors.isPending)) {
    return <div className="flex justify-center py-10"><Spinner label="Loading form" size="lg" /></div>;
  }
  if (formDataFailed) {
    return (
      <ErrorAlert
        message="Failed to load form data"
        onRetry={() => {
          void counselors.refetch();
          void categories.refetch();
        }}
      />
    );
  }

  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zoneDiffers = !!timeZone && timeZone !== browserZone;
  const counselorName = counselor ? user.name : appointment?.counselor.name;
  const counselorOptions = [...(counselors.data ?? [])];
  // An edited appointment's counselor may have left the list; keep them choosable.
  if (appointment && !counselorOptions.some((c) => c.id === appointment.counselor_id)) {
    counselorOptions.push({ id: appointment.counselor_id, name: appointment.counselor.name });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={editing ? 'Edit Appointment' : 'Book Appointment'}>
      {formError && <div role="alert" className="alert alert-error alert-soft">{formError}</div>}
      {!editing && !counselor && !isManager(user) && <BookingHold />}
      {locked && <p className="text-sm text-base-content/70">Only the notes can be changed once an appointment is no longer pending.</p>}

      <div className="grid gap-4 sm:grid-cols-2">
        {counselor ? (
          <div className="flex flex-col gap-1">
            <span className="font-medium">Counselor</span>
            <p className="rounded-field border border-base-300 bg-base-200 px-3 py-2" data-testid="fixed-counselor">{counselorName}</p>
          </div>
        ) : (
          <Field label="Counselor" error={err('counselor_id')}>
            {(id, describedBy) => (
              <select
                id={id}
                className={`select w-full ${err('counselor_id') ? 'select-error' : ''}`}
                value={values.counselorId ?? ''}
                disabled={locked || (editing && !isManager(user))}
                required
                aria-describedby={describedBy}
                aria-invalid={!!err('counselor_id')}
                onChange={(e) => set('counselorId', e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">Select a counselor</option>
                {counselorOptions.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            )}
          </Field>
        )}

        {picksStudent && (
          editing ? (
            <div className="flex flex-col gap-1">
              <span className="font-medium">{appointment.user_type === 'student' ? 'Student' : 'Client'}</span>
              <p className="rounded-field border border-base-300 bg-base-200 px-3 py-2">{appointment.student.name}</p>
            </div>
          ) : (
            <div className="flex flex-col gap-2">
              <label className="label w-fit cursor-pointer gap-2">
                <input type="checkbox" className="toggle toggle-primary toggle-sm" checked={values.isNewStudent} onChange={(e) => set('isNewStudent', e.target.checked)} />
                <span className="text-base-content">New Student</span>
              </label>
              {!values.isNewStudent && <StudentPicker value={values.student} onChange={(s) => set('student', s)} error={err('student_id')} />}
            </div>
          )
        )}
      </div>

      {picksStudent && !editing && values.isNewStudent && <NewStudentFields values={values} set={set} err={err} />}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Date"
          error={err('date')}
          hint={!locked && <MonthDays counselorId={values.counselorId} value={values.date} today={today} exclude={appointment?.uuid} onPick={(date) => set('date', date)} />}
        >
          {(id, d) => (
            <input
              id={id}
              type="date"
              className={`input w-full ${err('date') ? 'input-error' : ''}`}
              min={today}
              required
              value={values.date}
              disabled={locked}
              aria-describedby={d}
              aria-invalid={!!err('date')}
              onChange={(e) => set('date', e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Time"
          error={err('appointment_date')}
          hint={
            <>
              <SlotProblems failed={slots.isError} empty={!!slots.data && timeOptions.length === 0} onRetry={() => void slots.refetch()} />
              {zoneDiffers && slots.data && slots.data.slots.length > 0 && (
                <p className="text-xs text-base-content/75">Times are shown in your time zone ({browserZone}); the centre's is {timeZone}.</p>
              )}
              {!editing && !sendsNotes && (
                <Link className="link link-primary text-sm" to={`/waitlist${values.counselorId ? `?counselor=${values.counselorId}` : ''}`} onClick={onDone}>No time that suits you? Join the waitlist</Link>
              )}
            </>
          }
        >
          {(id, d) => (
            <div className="relative">
              <select
                id={id}
                className={`select w-full ${err('appointment_date') ? 'select-error' : ''}`}
                value={values.time}
                required
                disabled={locked || !values.counselorId || !values.date || slots.isFetching}
                aria-describedby={d}
                aria-invalid={!!err('appointment_date')}
                aria-busy={slots.isFetching}
                onChange={(e) => set('time', e.target.value)}
              >
                <option value="">{!values.counselorId ? 'Choose a counselor first' : !values.date ? 'Choose a date first' : slots.isFetching ? 'Loading times...' : 'Select a time'}</option>
                {timeOptions.map((t) => {
                  const start = keepsOriginal && t === original!.time ? appointment!.appointment_date : slots.data?.starts?.find((s) => s.time === t)?.appointment_date;
                  return <option key={t} value={t}>{start ? formatTime(start) : t}</option>;
                })}
              </select>
            </div>
          )}
        </Field>
      </div>

      <Field label="Reason" error={err('reason')}>
        {(id, d) => (
          <textarea
            id={id}
            className={`textarea w-full ${err('reason') ? 'textarea-error' : ''}`}
            rows={3}
            required
            maxLength={2000}
            value={values.reason}
            disabled={locked}
            aria-describedby={d}
            aria-invalid={!!err('reason')}
            onChange={(e) => set('reason', e.target.value)}
          />
        )}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" error={err('category_id')}>
          {(id, d) => (
            <select
              id={id}
              className={`select w-full ${err('category_id') ? 'select-error' : ''}`}
              required
              value={values.categoryId ?? ''}
              disabled={locked}
              aria-describedby={d}
              aria-invalid={!!err('category_id')}
              onChange={(e) => set('categoryId', e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Select a category</option>
              {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
            </select>
          )}
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">Location type</legend>
          <div className="flex flex-wrap gap-4 pt-2">
            {(['online', 'on-site'] as const).map((t) => (
              <label key={t} className="label cursor-pointer gap-2">
                <input type="radio" className="radio radio-primary radio-sm" name="location_type" value={t} checked={values.locationType === t} disabled={locked} onChange={() => set('locationType', t)} />
                <span className="text-base-content">{t === 'online' ? 'Online' : 'On-site'}</span>
              </label>
            ))}
          </div>
          {err('location_type') && <p className="text-sm text-error">{err('location_type')}</p>}
        </fieldset>
      </div>

      {values.locationType === 'on-site' && (
        <Field label="Location" error={err('location')}>
          {(id, d) => (
            <input
              id={id}
              className={`input w-full ${err('location') ? 'input-error' : ''}`}
              required
              maxLength={255}
              placeholder="Room or building"
              value={values.location}
              disabled={locked}
              aria-describedby={d}
              aria-invalid={!!err('location')}
              onChange={(e) => set('location', e.target.value)}
            />
          )}
        </Field>
      )}

      {canRepeat && <RepeatFields series={series} minDate={values.date || today} />}
      {repeating && <SeriesPreviewList series={series} previewKey={seriesKey} />}

      {sendsNotes && editing && (
        <Field label="Counselor notes (confidential)" error={err('notes')}>
          {(id, d) => (
            <textarea id={id} className="textarea w-full" rows={3} maxLength={5000} value={values.notes} aria-describedby={d} onChange={(e) => set('notes', e.target.value)} />
          )}
        </Field>
      )}

      <div className="modal-action mt-2">
        <button type="button" className="btn" onClick={onDone}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={!complete || save.isPending || series.busy}>
          {(save.isPending || series.busy) && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {repeating ? series.buttonLabel(seriesKey) : save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Book Appointment'}
        </button>
      </div>
    </form>
  );
}
