import type { CaseNoteSettings } from '@kalinga/contracts/case-notes';
import { CASE_NOTE_TEMPLATES, type CaseNoteTemplate, MAX_LATE_ENTRY_DAYS, TEMPLATE_LABELS, TEMPLATE_SECTIONS } from '@kalinga/contracts/case-note-constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';

// Site Settings › Case notes (decision 0208): the templates counselors may choose, the days after a session past
// which a signed note is marked a late entry, and whether clients may read their own signed notes.

const KEY = ['case-note-settings'] as const;

export function CaseNoteSettingsSection() {
  const t = useT('settings');
  const settings = useQuery({ queryKey: KEY, queryFn: () => api.get<CaseNoteSettings>('/api/case-note-settings') });
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="settings-case-notes">
      <div className="card-body gap-4">
        <h2 id="settings-case-notes" className="card-title text-lg">{t('settings.caseNotes.title')}</h2>
        {settings.isPending ? (
          <LoadingBlock text={t('settings.caseNotes.loading')} />
        ) : settings.isError ? (
          <ErrorAlert message={t('settings.caseNotes.loadFailed')} onRetry={() => void settings.refetch()} />
        ) : (
          <CaseNoteSettingsForm settings={settings.data} />
        )}
      </div>
    </section>
  );
}

function CaseNoteSettingsForm({ settings }: { settings: CaseNoteSettings }) {
  const t = useT('settings');
  const qc = useQueryClient();
  const [templates, setTemplates] = useState<CaseNoteTemplate[]>(settings.templates);
  const [days, setDays] = useState(String(settings.late_entry_days));
  const [clientsRead, setClientsRead] = useState(settings.clients_read_signed_notes);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useMutation({
    mutationFn: (body: CaseNoteSettings) => api.put<CaseNoteSettings>('/api/case-note-settings', body),
    onSuccess: (saved) => qc.setQueryData(KEY, saved),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({ templates, late_entry_days: Number(days), clients_read_signed_notes: clientsRead });
      notifySuccess(t('settings.caseNotes.saved'));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
      notifyError(err instanceof ApiError && err.status === 0 ? t('settings.language.offline') : t('settings.caseNotes.saveFailed'));
    }
  };
  const errorOf = (field: string) => (errors[field] ? <p className="text-sm text-red-700">{errors[field].join(' ')}</p> : null);
  return (
    <form className="flex flex-col gap-5" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t('settings.caseNotes.templates')}</legend>
        {CASE_NOTE_TEMPLATES.map((tpl) => (
          <label key={tpl} className="flex items-center gap-2">
            <input type="checkbox" className="checkbox checkbox-primary checkbox-sm" checked={templates.includes(tpl)} onChange={(e) => setTemplates((list) => (e.target.checked ? [...list, tpl] : list.filter((x) => x !== tpl)))} />
            <span>
              {tpl === 'free' ? t('settings.caseNotes.freeText') : TEMPLATE_LABELS[tpl]}
              {/* The standards' sections are their names (docs/glossary-fil.md); free text has one section, nothing to list. */}
              {tpl !== 'free' && <span className="text-sm text-base-content/60"> ({TEMPLATE_SECTIONS[tpl].map((s) => s.label).join(', ')})</span>}
            </span>
          </label>
        ))}
        {errorOf('templates')}
      </fieldset>
      <label className="flex flex-col gap-1 sm:max-w-[calc(50%-0.5rem)]">
        <span className="font-medium">{t('settings.caseNotes.lateDays')}</span>
        <input className="input w-full" type="number" inputMode="numeric" min={0} max={MAX_LATE_ENTRY_DAYS} value={days} onChange={(e) => setDays(e.target.value)} />
        <span className="text-sm text-base-content/60">{t('settings.caseNotes.lateDaysHint')}</span>
        {errorOf('late_entry_days')}
      </label>
      <label className="flex items-start gap-2">
        <input type="checkbox" className="checkbox checkbox-primary checkbox-sm mt-0.5" checked={clientsRead} onChange={(e) => setClientsRead(e.target.checked)} />
        <span>{t('settings.caseNotes.clientsRead')}</span>
      </label>
      <div className="flex justify-end">
        <SubmitButton busy={save.isPending}>{t('settings.caseNotes.save')}</SubmitButton>
      </div>
    </form>
  );
}
