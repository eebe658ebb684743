import { WEEKDAYS, type Weekday } from '@kalinga/contracts/schedule';
import type { JoinWaitlistBody } from '@kalinga/contracts/waitlist';
import { type FormEvent, useId, useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError, serverMessageOr } from '../../lib/api-client';
import { useCategoryOptions, useCounselors } from '../../lib/option-queries';
import { Field } from '../../components/form-field';
import { useT } from '../../lib/i18n';
import { useJoinWaitlist } from './waitlist-api';
import { addDaysToDate, todayIn } from '@kalinga/contracts/zone-time';

// Joining the waitlist (decision 0151): with whom, between which dates, on which days and between which times, and
// what the booking will say, so that accepting an offer later books it in one click.

interface Values {
  counselor: string;
  from: string;
  to: string;
  days: Weekday[];
  timeFrom: string;
  timeTo: string;
  reason: string;
  category: string;
  where: 'online' | 'on-site';
  location: string;
}

export function JoinForm({ timeZone, counselorId }: { timeZone: string | undefined; counselorId: string | null }) {
  const t = useT('waitlist');
  const today = todayIn(timeZone);
  const [v, setV] = useState<Values>({ counselor: counselorId ?? '', from: today, to: addDaysToDate(today, 14), days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], timeFrom: '08:00', timeTo: '17:00', reason: '', category: '', where: 'online', location: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const counselors = useCounselors(true);
  const categories = useCategoryOptions(true);
  const join = useJoinWaitlist();
  const daysId = useId();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((old) => ({ ...old, [key]: value }));
  const err = (key: string) => errors[key]?.[0];
  const aria = (id: string, key: string) => (err(key) ? { 'aria-invalid': true, 'aria-describedby': id } : {});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    const body: JoinWaitlistBody = {
      counselor_id: v.counselor === '' ? null : Number(v.counselor),
      from_date: v.from,
      to_date: v.to,
      days: v.days,
      time_from: v.timeFrom,
      time_to: v.timeTo,
      reason: v.reason,
      category_id: Number(v.category),
      location_type: v.where,
      location: v.where === 'on-site' ? v.location : null,
    };
    try {
      const reply = await join.mutateAsync(body);
      notifySuccess(reply.data.offer ? t('waitlist.join.heldNow') : t('waitlist.join.onList'));
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      const message = serverMessageOr(error, t('waitlist.join.failed'));
      setFormError(message);
      notifyError(message);
    }
  };

  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="join-heading">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="join-heading" className="text-lg font-semibold">{t('waitlist.join.title')}</h2>
        <p className="text-sm text-base-content/75">{t('waitlist.join.lead')}</p>
        {formError && <ErrorAlert message={formError} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('waitlist.join.counselor')} error={err('counselor_id')}>
            {(id, d) => (
              <select id={id} className="select w-full" value={v.counselor} onChange={(e) => set('counselor', e.target.value)} aria-describedby={d} aria-invalid={!!d}>
                <option value="">{t('waitlist.join.anyCounselor')}</option>
                {(counselors.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            )}
          </Field>
          <Field label={t('waitlist.join.category')} error={err('category_id')}>
            {(id, d) => (
              <select id={id} className="select w-full" value={v.category} onChange={(e) => set('category', e.target.value)} aria-describedby={d} aria-invalid={!!d} required>
                <option value="">{categories.isPending ? t('waitlist.join.loading') : t('waitlist.join.selectCategory')}</option>
                {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
              </select>
            )}
          </Field>
          <Field label={t('waitlist.join.from')} error={err('from_date')}>
            {(id, d) => <input id={id} type="date" className="input w-full" min={today} value={v.from} onChange={(e) => set('from', e.target.value)} aria-describedby={d} aria-invalid={!!d} />}
          </Field>
          <Field label={t('waitlist.join.until')} error={err('to_date')}>
            {(id, d) => <input id={id} type="date" className="input w-full" min={v.from} value={v.to} onChange={(e) => set('to', e.target.value)} aria-describedby={d} aria-invalid={!!d} />}
          </Field>
          <Field label={t('waitlist.join.earliest')} error={err('time_from')}>
            {(id, d) => <input id={id} type="time" className="input w-full" step={900} value={v.timeFrom} onChange={(e) => set('timeFrom', e.target.value)} aria-describedby={d} aria-invalid={!!d} />}
          </Field>
          <Field label={t('waitlist.join.latest')} error={err('time_to')}>
            {(id, d) => <input id={id} type="time" className="input w-full" step={900} value={v.timeTo} onChange={(e) => set('timeTo', e.target.value)} aria-describedby={d} aria-invalid={!!d} />}
          </Field>
        </div>
        <fieldset className="flex flex-col gap-1" {...aria(`${daysId}-error`, 'days')}>
          <legend className="mb-1 font-medium">{t('waitlist.join.days')}</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((day) => (
              <label key={day} className="label cursor-pointer gap-1 rounded-box border border-base-300 px-2 py-1">
                <input type="checkbox" className="checkbox checkbox-sm" checked={v.days.includes(day)} onChange={(e) => set('days', e.target.checked ? WEEKDAYS.filter((d) => d === day || v.days.includes(d)) : v.days.filter((d) => d !== day))} />
                <span>{t('waitlist.dayShort', { day })}</span>
              </label>
            ))}
          </div>
          {err('days') && <p id={`${daysId}-error`} className="text-sm text-error">{err('days')}</p>}
        </fieldset>
        <Field label={t('waitlist.join.reason')} error={err('reason')}>
          {(id, d) => <textarea id={id} className="textarea w-full" rows={3} maxLength={1000} value={v.reason} onChange={(e) => set('reason', e.target.value)} aria-describedby={d} aria-invalid={!!d} />}
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">{t('waitlist.join.where')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['online', 'on-site'] as const).map((w) => (
              <label key={w} className="label cursor-pointer gap-2">
                <input type="radio" name="waitlist-where" className="radio radio-sm" checked={v.where === w} onChange={() => set('where', w)} />
                <span>{w === 'online' ? t('waitlist.join.online') : t('waitlist.join.onSite')}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {v.where === 'on-site' && (
          <Field label={t('waitlist.join.location')} error={err('location')}>
            {(id, d) => <input id={id} className="input w-full" maxLength={255} value={v.location} onChange={(e) => set('location', e.target.value)} aria-describedby={d} aria-invalid={!!d} />}
          </Field>
        )}
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={join.isPending}>
            {join.isPending ? t('waitlist.join.joining') : t('waitlist.join.title')}
          </button>
        </div>
      </div>
    </form>
  );
}
