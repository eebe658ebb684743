import type { ScheduleDay } from '@kalinga/contracts/schedule';
import { type FormEvent, useId, useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { formatClock } from '../../../lib/dates';
import { type MessageKey, useT } from '../../../lib/i18n';
import { useSaveSchedule } from '../api/schedule-api';
import { type DayForm, dayLabel, dayProblems, serverErrorsForDay, slotTimesOf, toDayForms } from '../schedule-rules';
import { SubmitButton } from '../../../components/ui/submit-button';

type TimeField = 'start_time' | 'end_time' | 'break_start' | 'break_end';
const TIME_FIELDS: { field: TimeField; label: MessageKey }[] = [
  { field: 'start_time', label: 'schedule.field.start_time' },
  { field: 'end_time', label: 'schedule.field.end_time' },
  { field: 'break_start', label: 'schedule.field.break_start' },
  { field: 'break_end', label: 'schedule.field.break_end' },
];

/** The day's slot times as checkboxes: a checked one is held back for urgent cases, booked only from Triage. */
function HeldTimes({ value, slotMinutes, error, onChange }: { value: DayForm; slotMinutes: number; error?: string; onChange: (d: DayForm) => void }) {
  const t = useT('schedule');
  const id = useId();
  const name = dayLabel(value.day);
  const times = slotTimesOf(value, slotMinutes);
  if (!value.is_available || times.length === 0) return null;
  const toggle = (time: string, on: boolean) =>
    onChange({ ...value, held_times: on ? [...value.held_times, time].sort() : value.held_times.filter((held) => held !== time) });
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">{t('schedule.day.held')}</legend>
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        {times.map((time) => (
          <label key={time} className="label min-h-6 cursor-pointer gap-1 text-sm text-base-content">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={value.held_times.includes(time)}
              aria-label={t('schedule.day.hold', { time: formatClock(time), day: name })}
              onChange={(e) => toggle(time, e.target.checked)}
            />
            {formatClock(time)}
          </label>
        ))}
      </div>
      {error && <p id={`${id}-error`} className="text-xs text-error">{error}</p>}
    </fieldset>
  );
}

function DayCard({ value, errors, disabled, slotMinutes, onChange }: { value: DayForm; errors: Partial<Record<keyof DayForm, string>>; disabled: boolean; slotMinutes: number; onChange: (d: DayForm) => void }) {
  const t = useT('schedule');
  const id = useId();
  const name = dayLabel(value.day);
  return (
    <fieldset className="card card-border min-w-0 bg-base-100 shadow-sm" data-testid={`day-${value.day}`} disabled={disabled}>
      <div className="card-body gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <legend className="text-base font-semibold">{name}</legend>
          <label className="label cursor-pointer gap-2">
            <span className={`text-sm ${value.is_available ? 'font-medium text-base-content' : 'text-base-content/75'}`}>{value.is_available ? t('schedule.day.available') : t('schedule.day.unavailable')}</span>
            <input
              type="checkbox"
              className="toggle toggle-success"
              checked={value.is_available}
              aria-label={t('schedule.day.availableAria', { day: name })}
              onChange={(e) => onChange({ ...value, is_available: e.target.checked })}
            />
          </label>
        </div>
        <div className="grid grid-cols-2 gap-3">
          {TIME_FIELDS.map(({ field, label }) => (
            <div key={field} className="flex flex-col gap-1">
              <label htmlFor={`${id}-${field}`} className="text-sm font-medium">{t(label)}</label>
              <input
                id={`${id}-${field}`}
                type="time"
                className={`input input-sm w-full ${errors[field] ? 'input-error' : ''}`}
                value={value[field]}
                // An unavailable day keeps its hours for later but they cannot be edited until it is switched on.
                disabled={!value.is_available}
                required={field === 'start_time' || field === 'end_time'}
                aria-label={t('schedule.day.fieldAria', { day: name, field })}
                aria-invalid={!!errors[field]}
                aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
                onChange={(e) => onChange({ ...value, [field]: e.target.value.slice(0, 5) })}
              />
              {errors[field] && <p id={`${id}-${field}-error`} className="text-xs text-error">{errors[field]}</p>}
            </div>
          ))}
        </div>
        <HeldTimes value={value} slotMinutes={slotMinutes} error={errors.held_times} onChange={onChange} />
      </div>
    </fieldset>
  );
}

/** 'Weekly Schedule': a card per day, saved together with 'Save Schedule'. */
export function WeeklyScheduleForm({ schedule, slotMinutes }: { schedule: ScheduleDay[]; slotMinutes: number }) {
  const t = useT('schedule');
  const [days, setDays] = useState<DayForm[]>(() => toDayForms(schedule));
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [showProblems, setShowProblems] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveSchedule();

  const problems = days.map(dayProblems);
  const hasProblems = problems.some((p) => Object.keys(p).length > 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setShowProblems(true);
    if (hasProblems) return;
    setFormError(null);
    setServerErrors({});
    try {
      const reply = await save.mutateAsync({
        // Held times that the day's hours no longer give are dropped, not sent to be refused.
        schedule: days.map((d) => {
          const slots = slotTimesOf(d, slotMinutes);
          return { ...d, break_start: d.break_start || null, break_end: d.break_end || null, held_times: d.held_times.filter((t) => slots.includes(t)) };
        }),
      });
      setDays(toDayForms(reply.schedule));
      setShowProblems(false);
      notifySuccess(t('schedule.weekly.saved'));
    } catch (error) {
      // Schedule failures are logged (product-rules.md#messages); the form keeps what was typed and says why.
      console.error('Failed to save the schedule', error);
      if (error instanceof ApiError) {
        setServerErrors(error.errors);
        setFormError(error.message);
      } else {
        setFormError(t('schedule.weekly.saveFailed'));
      }
      notifyError(error instanceof ApiError ? error.message : t('schedule.unexpected'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('schedule.tab.weekly')}>
      {formError && <div role="alert" className="alert alert-error alert-soft">{formError}</div>}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {days.map((d, i) => (
          <DayCard
            key={d.day}
            value={d}
            disabled={save.isPending}
            slotMinutes={slotMinutes}
            errors={{ ...(showProblems ? problems[i] : {}), ...serverErrorsForDay(serverErrors, i) }}
            onChange={(next) => {
              setDays((all) => all.map((x, j) => (j === i ? next : x)));
              setServerErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([k]) => !k.startsWith(`schedule.${i}.`))));
            }}
          />
        ))}
      </div>
      <div className="flex justify-end">
        <SubmitButton busy={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? t('schedule.weekly.saving') : t('schedule.weekly.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
