import type { CrisisContact } from '@kalinga/contracts/screening/crisis';
import type { SafetySettings, SafetySettingsBody } from '@kalinga/contracts/screening/schemas';
import { MAX_CRISIS_CONTACTS } from '@kalinga/contracts/screening/crisis';
import { INTAKE_MODES, type IntakeMode } from '@kalinga/contracts/screening/items';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api-client';
import { keepCrisisInfo } from '../../lib/crisis-info';
import { type MessageKey, useT } from '../../lib/i18n';

// Site Settings › Safety (decisions 0160, 0161, 0163): the intake mode at first booking, the crisis contacts and
// what happens next, the counselors on call and the minutes before an unacknowledged urgent case escalates.

const KEY = ['safety-settings'] as const;
const MODE_TEXT: Record<IntakeMode, MessageKey> = {
  off: 'settings.safety.mode.off',
  offered: 'settings.safety.mode.offered',
  required: 'settings.safety.mode.required',
};

interface Counselor { id: number; name: string }

export function SafetySettingsSection() {
  const t = useT('settings');
  const settings = useQuery({ queryKey: KEY, queryFn: () => api.get<SafetySettings>('/api/safety-settings') });
  const counselors = useQuery({
    queryKey: ['users', 'counselor-options'],
    queryFn: async (): Promise<Counselor[]> => (await api.get<{ data: Counselor[] }>('/api/users', { user_type: 'counselor', status: 'active', per_page: 100 })).data.map((u) => ({ id: u.id, name: u.name })),
    staleTime: 300_000,
  });
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="settings-safety">
      <div className="card-body gap-4">
        <h2 id="settings-safety" className="card-title text-lg">{t('settings.safety.title')}</h2>
        {settings.isPending ? (
          <LoadingBlock text={t('settings.safety.loading')} />
        ) : settings.isError ? (
          <ErrorAlert message={t('settings.safety.loadFailed')} onRetry={() => void settings.refetch()} />
        ) : (
          <SafetyForm key={settings.data.updated_at} settings={settings.data} counselors={counselors.data ?? []} />
        )}
      </div>
    </section>
  );
}

function SafetyForm({ settings, counselors }: { settings: SafetySettings; counselors: Counselor[] }) {
  const t = useT('settings');
  const qc = useQueryClient();
  const [mode, setMode] = useState<IntakeMode>(settings.intake_mode);
  const [contacts, setContacts] = useState<CrisisContact[]>(settings.crisis_contacts);
  const [nextSteps, setNextSteps] = useState(settings.next_steps);
  const [onCall, setOnCall] = useState<number[]>(settings.on_call_ids);
  const [minutes, setMinutes] = useState(String(settings.escalation_minutes));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useMutation({
    mutationFn: (body: SafetySettingsBody) => api.put<SafetySettings>('/api/safety-settings', body),
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved);
      keepCrisisInfo({ contacts: saved.crisis_contacts, next_steps: saved.next_steps });
    },
  });

  const setContact = (i: number, field: keyof CrisisContact, value: string) => setContacts((list) => list.map((c, j) => (j === i ? { ...c, [field]: value } : c)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({ intake_mode: mode, crisis_contacts: contacts, next_steps: nextSteps, on_call_ids: onCall, escalation_minutes: Number(minutes) });
      notifySuccess(t('settings.safety.saved'));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
      notifyError(err instanceof ApiError && err.status === 0 ? t('settings.language.offline') : t('settings.safety.saveFailed'));
    }
  };
  const errorOf = (field: string) => {
    const found = Object.entries(errors).filter(([k]) => k === field || k.startsWith(`${field}.`)).flatMap(([, v]) => v);
    return found.length > 0 ? <p className="text-sm text-red-700">{[...new Set(found)].join(' ')}</p> : null;
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t('settings.safety.intake')}</legend>
        {INTAKE_MODES.map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input type="radio" className="radio radio-primary radio-sm" name="intake_mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            <span>{t(MODE_TEXT[m])}</span>
          </label>
        ))}
        {errorOf('intake_mode')}
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-medium">{t('settings.safety.contacts')}</legend>
        {contacts.map((c, i) => (
          <div key={i} className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[2fr_1.2fr_1.5fr_auto] sm:items-end">
            <label className="flex flex-col gap-1 text-sm">{t('settings.safety.contactName')}<input className="input w-full" value={c.name} maxLength={120} onChange={(e) => setContact(i, 'name', e.target.value)} /></label>
            <label className="flex flex-col gap-1 text-sm">{t('settings.safety.contactNumber')}<input className="input w-full" inputMode="tel" value={c.number} maxLength={40} onChange={(e) => setContact(i, 'number', e.target.value)} /></label>
            <label className="flex flex-col gap-1 text-sm">{t('settings.safety.contactHours')}<input className="input w-full" value={c.hours} maxLength={120} onChange={(e) => setContact(i, 'hours', e.target.value)} /></label>
            <button type="button" className="btn btn-ghost btn-sm" disabled={contacts.length <= 1} onClick={() => setContacts((list) => list.filter((_, j) => j !== i))} aria-label={c.name ? t('settings.safety.removeNamed', { name: c.name }) : t('settings.safety.removeThis')}>{t('settings.safety.remove')}</button>
          </div>
        ))}
        {errorOf('crisis_contacts')}
        <button type="button" className="btn btn-outline btn-sm w-fit" disabled={contacts.length >= MAX_CRISIS_CONTACTS} onClick={() => setContacts((list) => [...list, { name: '', number: '', hours: '' }])}>{t('settings.safety.addContact')}</button>
      </fieldset>

      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('settings.safety.nextSteps')}</span>
        <textarea className="textarea w-full" rows={3} maxLength={1000} value={nextSteps} onChange={(e) => setNextSteps(e.target.value)} />
        {errorOf('next_steps')}
      </label>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t('settings.safety.onCall')}</legend>
        {counselors.length === 0 && <p className="text-sm text-base-content/70">{t('settings.safety.noCounselors')}</p>}
        {counselors.map((c) => (
          <label key={c.id} className="flex items-center gap-2">
            <input type="checkbox" className="checkbox checkbox-primary checkbox-sm" checked={onCall.includes(c.id)} onChange={(e) => setOnCall((ids) => (e.target.checked ? [...ids, c.id] : ids.filter((id) => id !== c.id)))} />
            <span>{c.name}</span>
          </label>
        ))}
        {errorOf('on_call_ids')}
      </fieldset>

      <label className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
        <span className="font-medium">{t('settings.safety.escalate')}</span>
        <input className="input w-full" type="number" inputMode="numeric" min={1} max={240} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        <span className="text-sm text-base-content/60">{t('settings.safety.escalateHint')}</span>
        {errorOf('escalation_minutes')}
      </label>

      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? t('settings.saving') : t('settings.safety.save')}</button>
      </div>
    </form>
  );
}
