import { MAX_CANCELLATION_NOTICE_HOURS, type Settings, type SettingsBody } from '@kalinga/contracts/settings';
import { type ChangeEvent, type FormEvent, useMemo, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useOnlineStatus } from '../../lib/online-status';
import type { SiteSettings } from '../../session/site-settings';
import { SETTINGS_OFFLINE as OFFLINE, useSaveSettings } from './settings-api';
import { SubmitButton } from '../../components/ui/submit-button';
import { FileButton } from '../../components/ui/file-button';

const MAX_LOGO_BYTES = 2 * 1024 * 1024;

function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? ['Asia/Manila', 'UTC'];
  return zones.includes(current) ? zones : [current, ...zones];
}

interface Values {
  site_name: string;
  business_name: string;
  business_address: string;
  site_logo: string | null;
  timezone: string;
  appointment_duration_minutes: string;
  students_can_book: boolean;
  cancellation_notice_hours: string;
  reminder_hours_before: string;
  lending_backdate_days: string;
  waitlist_hold_minutes: string;
  waitlist_cooldown_hours: string;
  no_show_limit: string;
  break_glass_hours: string;
  retention_years: string;
}

function valuesOf(s: SiteSettings): Values {
  return {
    site_name: s.site_name ?? '',
    business_name: s.business_name ?? '',
    business_address: s.business_address ?? '',
    site_logo: s.site_logo,
    timezone: s.timezone ?? 'Asia/Manila',
    appointment_duration_minutes: String(s.appointment_duration_minutes ?? 60),
    students_can_book: s.students_can_book ?? false,
    cancellation_notice_hours: String(s.cancellation_notice_hours ?? 24),
    reminder_hours_before: s.reminder_hours_before === undefined ? '' : String(s.reminder_hours_before),
    lending_backdate_days: s.lending_backdate_days === undefined ? '' : String(s.lending_backdate_days),
    waitlist_hold_minutes: s.waitlist_hold_minutes === undefined ? '' : String(s.waitlist_hold_minutes),
    waitlist_cooldown_hours: s.waitlist_cooldown_hours === undefined ? '' : String(s.waitlist_cooldown_hours),
    no_show_limit: s.no_show_limit === undefined ? '' : String(s.no_show_limit),
    break_glass_hours: s.break_glass_hours === undefined ? '' : String(s.break_glass_hours),
    retention_years: s.retention_years === undefined ? '' : String(s.retention_years),
  };
}

/** The general settings form of Site Settings (name, logo, address, time zone, booking and lending rules); the other sections are their own files. */
export function SettingsForm({ settings }: { settings: SiteSettings }) {
  const t = useT('settings');
  // The offline refusal is known by its English text (settings-api.ts); shown in the language in use.
  const offlineText = t('settings.language.offline');
  const online = useOnlineStatus();
  const save = useSaveSettings();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const zones = useMemo(() => timeZones(values.timezone), [values.timezone]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const pickLogo = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const clear = (message: string) => {
      setErrors((er) => ({ ...er, site_logo: [message] }));
      if (fileRef.current) fileRef.current.value = '';
    };
    if (!file.type.startsWith('image/')) return clear(t('settings.form.notImage'));
    if (file.size > MAX_LOGO_BYTES) return clear(t('settings.form.imageTooBig'));
    const reader = new FileReader();
    reader.onload = () => {
      setErrors(({ site_logo: _, ...rest }) => rest);
      set('site_logo', String(reader.result));
    };
    reader.readAsDataURL(file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!navigator.onLine) {
      setFormError(offlineText);
      notifyError(offlineText);
      return;
    }
    // An emptied field must not be sent as 0, which would turn reminders off.
    if (values.reminder_hours_before.trim() === '' && settings.reminder_hours_before !== undefined) {
      setErrors({ reminder_hours_before: [t('settings.form.reminderNotNumber')] });
      setFormError(t('settings.form.updateFailed'));
      document.getElementById('settings-reminder_hours_before')?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    // Checked here too, so a blank or fractional notice is not sent (the server says the same).
    const notice = values.cancellation_notice_hours.trim();
    if (!/^\d+$/.test(notice) || Number(notice) > MAX_CANCELLATION_NOTICE_HOURS) {
      setErrors({ cancellation_notice_hours: [t('settings.form.cancellationRule', { max: MAX_CANCELLATION_NOTICE_HOURS })] });
      setFormError(t('settings.form.updateFailed'));
      document.getElementById('settings-cancellation_notice_hours')?.focus();
      return;
    }
    // Sent when shown (a copy kept before the setting existed has none): a whole number of days, 0 to 365.
    const backdate = values.lending_backdate_days.trim();
    if (settings.lending_backdate_days !== undefined && (!/^\d+$/.test(backdate) || Number(backdate) > 365)) {
      setErrors({ lending_backdate_days: [t('settings.form.backdateRule')] });
      setFormError(t('settings.form.updateFailed'));
      document.getElementById('settings-lending_backdate_days')?.focus();
      return;
    }
    const body: SettingsBody = {
      site_name: values.site_name.trim(),
      business_name: values.business_name.trim() || null,
      business_address: values.business_address.trim() || null,
      site_logo: values.site_logo,
      timezone: values.timezone,
      appointment_duration_minutes: Number(values.appointment_duration_minutes),
      students_can_book: values.students_can_book,
      cancellation_notice_hours: Number(notice),
      ...(values.reminder_hours_before.trim() === '' ? {} : { reminder_hours_before: Number(values.reminder_hours_before) }),
      ...(backdate === '' ? {} : { lending_backdate_days: Number(backdate) }),
      // Sent when shown; the server checks it (5 to 1440 minutes) and its message is shown under the field.
      ...(values.waitlist_hold_minutes.trim() === '' ? {} : { waitlist_hold_minutes: Number(values.waitlist_hold_minutes) }),
      ...(values.waitlist_cooldown_hours.trim() === '' ? {} : { waitlist_cooldown_hours: Number(values.waitlist_cooldown_hours) }),
      ...(values.no_show_limit.trim() === '' ? {} : { no_show_limit: Number(values.no_show_limit) }),
      ...(values.break_glass_hours.trim() === '' ? {} : { break_glass_hours: Number(values.break_glass_hours) }),
      ...(values.retention_years.trim() === '' ? {} : { retention_years: Number(values.retention_years) }),
    };
    try {
      const saved: Settings = await save.mutateAsync(body);
      setValues(valuesOf(saved));
      if (fileRef.current) fileRef.current.value = '';
      notifySuccess(t('settings.form.saved'));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) setErrors(err.errors);
      const offline = (err instanceof ApiError && err.status === 0) || (err instanceof Error && err.message === OFFLINE);
      setFormError(offline ? offlineText : t('settings.form.updateFailed'));
      notifyError(offline ? offlineText : t('settings.form.updateFailed'));
    }
  };

  const fieldError = (field: string) =>
    errors[field] ? <p id={`settings-${field}-error`} className="text-sm text-red-700">{errors[field].join(' ')}</p> : null;
  const aria = (field: string, hint = false) => {
    const ids = [hint ? `settings-${field}-hint` : null, errors[field] ? `settings-${field}-error` : null].filter(Boolean);
    return { 'aria-invalid': !!errors[field], 'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined };
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      {!online && <div role="status" className="alert alert-warning alert-soft">{offlineText}</div>}
      {formError && <div role="alert" className="alert alert-error alert-soft">{formError}</div>}

      <section className="card bg-base-100 shadow-sm" aria-labelledby="settings-identity">
        <div className="card-body gap-4">
          <h2 id="settings-identity" className="card-title text-lg">{t('settings.form.identity')}</h2>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div className="flex flex-col items-center gap-2">
              <div className="flex h-24 w-24 items-center justify-center overflow-hidden rounded-box border border-base-300 bg-base-200">
                {values.site_logo ? (
                  <img src={values.site_logo} alt={t('settings.form.logoPreview')} className="h-full w-full object-contain" data-testid="logo-preview" />
                ) : (
                  <span className="px-2 text-center text-xs text-base-content/60">{t('settings.form.noLogo')}</span>
                )}
              </div>
              {values.site_logo && (
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => { set('site_logo', null); if (fileRef.current) fileRef.current.value = ''; }}>
                  {t('settings.form.removeLogo')}
                </button>
              )}
            </div>
            <div className="flex flex-1 flex-col gap-4">
              <div className="flex flex-col gap-1">
                <label htmlFor="settings-site_name" className="font-medium">{t('settings.form.siteName')}</label>
                <input className={`input w-full ${errors.site_name ? 'input-error' : ''}`} id="settings-site_name" name="site_name" value={values.site_name} onChange={(e) => set('site_name', e.target.value)} required maxLength={120} {...aria('site_name', true)} />
                <span id="settings-site_name-hint" className="text-sm text-base-content/60">{t('settings.form.siteNameHint')}</span>
                {fieldError('site_name')}
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="settings-site_logo" className="font-medium">{t('settings.form.siteLogo')}</label>
                <FileButton text={t('settings.form.chooseLogo')} inputRef={fileRef} accept="image/png,image/jpeg,image/gif,image/webp" id="settings-site_logo" name="site_logo" onChange={pickLogo} invalid={Boolean(errors.site_logo)} {...aria('site_logo', true)} />
                <span id="settings-site_logo-hint" className="text-sm text-base-content/60">{t('settings.form.siteLogoHint')}</span>
                {fieldError('site_logo')}
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="card bg-base-100 shadow-sm" aria-labelledby="settings-business">
        <div className="card-body gap-4">
          <h2 id="settings-business" className="card-title text-lg">{t('settings.form.business')}</h2>
          <div className="flex flex-col gap-1">
            <label htmlFor="settings-business_name" className="font-medium">{t('settings.form.businessName')}</label>
            <input className={`input w-full ${errors.business_name ? 'input-error' : ''}`} id="settings-business_name" name="business_name" value={values.business_name} onChange={(e) => set('business_name', e.target.value)} maxLength={160} placeholder={t('settings.form.businessNameExample')} {...aria('business_name')} />
            {fieldError('business_name')}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="settings-business_address" className="font-medium">{t('settings.form.businessAddress')}</label>
            <textarea className={`textarea w-full ${errors.business_address ? 'textarea-error' : ''}`} id="settings-business_address" name="business_address" rows={3} value={values.business_address} onChange={(e) => set('business_address', e.target.value)} maxLength={500} {...aria('business_address')} />
            {fieldError('business_address')}
          </div>
        </div>
      </section>

      <section className="card bg-base-100 shadow-sm" aria-labelledby="settings-appointments">
        <div className="card-body gap-4">
          <h2 id="settings-appointments" className="card-title text-lg">{t('settings.form.appointments')}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <label htmlFor="settings-timezone" className="font-medium">{t('settings.form.timezone')}</label>
              <select className={`select w-full ${errors.timezone ? 'select-error' : ''}`} id="settings-timezone" name="timezone" value={values.timezone} onChange={(e) => set('timezone', e.target.value)} {...aria('timezone', true)}>
                {zones.map((z) => <option key={z} value={z}>{z.replace(/_/g, ' ')}</option>)}
              </select>
              <span id="settings-timezone-hint" className="text-sm text-base-content/60">{t('settings.form.timezoneHint')}</span>
              {fieldError('timezone')}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="settings-appointment_duration_minutes" className="font-medium">{t('settings.form.duration')}</label>
              <input className={`input w-full ${errors.appointment_duration_minutes ? 'input-error' : ''}`} id="settings-appointment_duration_minutes" name="appointment_duration_minutes" type="number" min={15} max={240} step={5} value={values.appointment_duration_minutes} onChange={(e) => set('appointment_duration_minutes', e.target.value)} {...aria('appointment_duration_minutes', true)} />
              <span id="settings-appointment_duration_minutes-hint" className="text-sm text-base-content/60">{t('settings.form.durationHint')}</span>
              {fieldError('appointment_duration_minutes')}
            </div>
          </div>
          <div className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
            <label htmlFor="settings-cancellation_notice_hours" className="font-medium">{t('settings.form.cancellation')}</label>
            <input className={`input w-full ${errors.cancellation_notice_hours ? 'input-error' : ''}`} id="settings-cancellation_notice_hours" name="cancellation_notice_hours" type="number" inputMode="numeric" min={0} max={MAX_CANCELLATION_NOTICE_HOURS} step={1} value={values.cancellation_notice_hours} onChange={(e) => set('cancellation_notice_hours', e.target.value)} {...aria('cancellation_notice_hours', true)} />
            <span id="settings-cancellation_notice_hours-hint" className="text-sm text-base-content/60">{t('settings.form.cancellationHint')}</span>
            {fieldError('cancellation_notice_hours')}
          </div>
          <div className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
            <label htmlFor="settings-reminder_hours_before" className="font-medium">{t('settings.form.reminder')}</label>
            <input className={`input w-full ${errors.reminder_hours_before ? 'input-error' : ''}`} id="settings-reminder_hours_before" name="reminder_hours_before" type="number" inputMode="numeric" min={0} max={168} step={1} value={values.reminder_hours_before} onChange={(e) => set('reminder_hours_before', e.target.value)} {...aria('reminder_hours_before', true)} />
            <span id="settings-reminder_hours_before-hint" className="text-sm text-base-content/60">{t('settings.form.reminderHint')}</span>
            {fieldError('reminder_hours_before')}
          </div>
          {settings.waitlist_hold_minutes !== undefined && (
            <div className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
              <label htmlFor="settings-waitlist_hold_minutes" className="font-medium">{t('settings.form.waitlistHold')}</label>
              <input className={`input w-full ${errors.waitlist_hold_minutes ? 'input-error' : ''}`} id="settings-waitlist_hold_minutes" name="waitlist_hold_minutes" type="number" inputMode="numeric" min={5} max={1440} step={1} value={values.waitlist_hold_minutes} onChange={(e) => set('waitlist_hold_minutes', e.target.value)} {...aria('waitlist_hold_minutes', true)} />
              <span id="settings-waitlist_hold_minutes-hint" className="text-sm text-base-content/60">{t('settings.form.waitlistHoldHint')}</span>
              {fieldError('waitlist_hold_minutes')}
            </div>
          )}
          {settings.waitlist_cooldown_hours !== undefined && (
            <div className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
              <label htmlFor="settings-waitlist_cooldown_hours" className="font-medium">{t('settings.form.waitlistPause')}</label>
              <input className={`input w-full ${errors.waitlist_cooldown_hours ? 'input-error' : ''}`} id="settings-waitlist_cooldown_hours" name="waitlist_cooldown_hours" type="number" inputMode="numeric" min={0} max={168} step={1} value={values.waitlist_cooldown_hours} onChange={(e) => set('waitlist_cooldown_hours', e.target.value)} {...aria('waitlist_cooldown_hours', true)} />
              <span id="settings-waitlist_cooldown_hours-hint" className="text-sm text-base-content/60">{t('settings.form.waitlistPauseHint')}</span>
              {fieldError('waitlist_cooldown_hours')}
            </div>
          )}
          {settings.no_show_limit !== undefined && (
            <div className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
              <label htmlFor="settings-no_show_limit" className="font-medium">{t('settings.form.noShowLimit')}</label>
              <input className={`input w-full ${errors.no_show_limit ? 'input-error' : ''}`} id="settings-no_show_limit" name="no_show_limit" type="number" inputMode="numeric" min={0} max={10} step={1} value={values.no_show_limit} onChange={(e) => set('no_show_limit', e.target.value)} {...aria('no_show_limit', true)} />
              <span id="settings-no_show_limit-hint" className="text-sm text-base-content/60">{t('settings.form.noShowLimitHint')}</span>
              {fieldError('no_show_limit')}
            </div>
          )}
          {settings.break_glass_hours !== undefined && (
            <div className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
              <label htmlFor="settings-break_glass_hours" className="font-medium">{t('settings.form.breakGlass')}</label>
              <input className={`input w-full ${errors.break_glass_hours ? 'input-error' : ''}`} id="settings-break_glass_hours" name="break_glass_hours" type="number" inputMode="numeric" min={1} max={72} step={1} value={values.break_glass_hours} onChange={(e) => set('break_glass_hours', e.target.value)} {...aria('break_glass_hours', true)} />
              <span id="settings-break_glass_hours-hint" className="text-sm text-base-content/60">{t('settings.form.breakGlassHint')}</span>
              {fieldError('break_glass_hours')}
            </div>
          )}
          {settings.retention_years !== undefined && (
            <div className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
              <label htmlFor="settings-retention_years" className="font-medium">{t('settings.form.retention')}</label>
              <input className={`input w-full ${errors.retention_years ? 'input-error' : ''}`} id="settings-retention_years" name="retention_years" type="number" inputMode="numeric" min={1} max={100} step={1} value={values.retention_years} onChange={(e) => set('retention_years', e.target.value)} {...aria('retention_years', true)} />
              <span id="settings-retention_years-hint" className="text-sm text-base-content/60">{t('settings.form.retentionHint')}</span>
              {fieldError('retention_years')}
            </div>
          )}
          {settings.lending_backdate_days !== undefined && (
            <div className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
              <label htmlFor="settings-lending_backdate_days" className="font-medium">{t('settings.form.backdate')}</label>
              <input className={`input w-full ${errors.lending_backdate_days ? 'input-error' : ''}`} id="settings-lending_backdate_days" name="lending_backdate_days" type="number" inputMode="numeric" min={0} max={365} step={1} value={values.lending_backdate_days} onChange={(e) => set('lending_backdate_days', e.target.value)} {...aria('lending_backdate_days', true)} />
              <span id="settings-lending_backdate_days-hint" className="text-sm text-base-content/60">{t('settings.form.backdateHint')}</span>
              {fieldError('lending_backdate_days')}
            </div>
          )}
          <label className="flex items-start gap-3">
            <input type="checkbox" className="toggle toggle-primary mt-0.5" name="students_can_book" checked={values.students_can_book} onChange={(e) => set('students_can_book', e.target.checked)} />
            <span>
              <span className="font-medium">{t('settings.form.studentsCanBook')}</span>
              <span className="block text-sm text-base-content/60">{t('settings.form.studentsCanBookHint')}</span>
            </span>
          </label>
          {fieldError('students_can_book')}
        </div>
      </section>

      <div className="flex justify-end">
        <SubmitButton busy={save.isPending} disabled={save.isPending || !online || values.site_name.trim() === ''}>
          {save.isPending ? t('settings.form.saving') : t('settings.form.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
