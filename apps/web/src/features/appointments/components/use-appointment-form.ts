import type { Appointment, CreateAppointmentBody } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useSiteSettings } from '../../../session/site-settings';
import { useAvailableSlots, useSaveAppointment } from '../api/appointments-api';
import { useCategoryOptions, useCounselors } from '../../../lib/option-queries';
import { type BookingPreset, emptyValues, instantForSlot, isComplete, toBody, valuesFromAppointment } from '../appointment-form';
import { clientFieldsLocked } from '../appointment-rules';
import { isCounselorUser, isManager } from '../../../lib/viewer';
import { useFormValues } from './use-form-values';
import { useSeriesBooking } from './use-series-booking';
import { todayIn } from '@kalinga/contracts/zone-time';

/** The slot list, plus the edited appointment's own time when it is not in it, in time order. */
function slotOptions(slots: readonly string[] | undefined, own: string | null): string[] {
  const list = [...(slots ?? [])];
  if (own && !list.includes(own)) list.push(own);
  return list.sort();
}

/**
 * The booking form's state and its submit: who books for whom, the values and their errors, the data the fields
 * choose from (counselors, categories, free slots), the series, and what saving does with each kind of refusal.
 */
export function useAppointmentForm({ appointment, preset, user, onDone }: { appointment: Appointment | null; preset: BookingPreset | null; user: AuthUser; onDone: () => void }) {
  const settings = useSiteSettings();
  const timeZone = settings.data?.timezone;
  const counselor = isCounselorUser(user);
  const editing = appointment !== null;
  // Counselors book for a student (picker or 'New Student'); a manager for a client too, or for themselves when the
  // field is left empty (decision 0022); everyone else books for themselves.
  const manager = !counselor && isManager(user);
  const picksStudent = counselor || manager;
  const clientOptional = manager;
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
    if (formDataFailed) notifyError(t('appointments.form.loadFailed'));
  }, [formDataFailed]);
  useEffect(() => {
    if (slots.isError) notifyError(t('appointments.slots.failed'));
  }, [slots.isError]);

  // product-rules.md#validation: a chosen time that is not in the slot list is cleared.
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
  const ownTime = original?.time && values.date === original.date && values.counselorId === original.counselorId ? original.time : null;
  const timeOptions = slotOptions(slots.data?.slots, ownTime);
  /** The instant a listed time stands for: the appointment's own, or the slot's. */
  const startOf = (time: string): string | undefined =>
    appointment && time === ownTime ? appointment.appointment_date : slots.data?.starts?.find((s) => s.time === time)?.appointment_date;
  const today = todayIn(timeZone);
  // A new booking by a counselor or a manager may repeat (decision 0150): checked first, then booked whole.
  const series = useSeriesBooking();
  const canRepeat = !editing && (counselor || isManager(user));
  const seriesKey = JSON.stringify([values, series.repeat]);
  const repeating = canRepeat && series.repeating;
  const complete = isComplete(values, { editing, picksStudent, clientOptional }) && (!repeating || series.endOk);
  const err = (field: string) => fieldErrors[field]?.[0];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || save.isPending || series.busy) return;
    setFormError(null);
    const instant = appointment && ownTime && values.time === ownTime ? appointment.appointment_date : instantForSlot(values.date, values.time, slots.data, timeZone);
    if (!instant) {
      setFieldErrors({ appointment_date: [t('appointments.form.chooseAvailable')] });
      return;
    }
    const body = toBody(values, instant, { editing, picksStudent, sendsNotes });
    if (repeating) {
      await series.submitWithFeedback(body as CreateAppointmentBody, seriesKey, { setFormError, setFieldErrors, done: onDone });
      return;
    }
    try {
      await save.mutateAsync({ uuid: appointment?.uuid ?? null, body });
      notifySuccess(editing ? t('appointments.form.updated') : t('appointments.form.booked'));
      onDone();
    } catch (error) {
      // Keep everything the user typed; show why it failed next to the fields or above the form.
      const fallback = editing ? t('appointments.form.updateFailed') : t('appointments.form.bookFailed');
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

  return {
    appointment,
    user,
    timeZone,
    settings,
    counselor,
    editing,
    picksStudent,
    clientOptional,
    sendsNotes,
    locked,
    values,
    set,
    err,
    formError,
    counselors,
    categories,
    slots,
    formDataFailed,
    timeOptions,
    startOf,
    today,
    series,
    canRepeat,
    seriesKey,
    repeating,
    complete,
    busy: save.isPending || series.busy,
    saving: save.isPending,
    submit,
    onDone,
  };
}

export type AppointmentFormState = ReturnType<typeof useAppointmentForm>;
