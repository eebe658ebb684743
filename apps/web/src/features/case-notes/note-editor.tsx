import type { CaseNote } from '@kalinga/contracts/case-notes';
import {
  type CaseNoteTemplate,
  CONTACT_CHANNELS,
  type ContactChannel,
  TEMPLATE_SECTIONS,
} from '@kalinga/contracts/case-note-constants';
import { todayIn } from '@kalinga/contracts/zone-time';
import { type FormEvent, useId, useState } from 'react';
import { confirm } from '../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError, serverMessageOr } from '../../lib/api-client';
import { useCaseNoteSettings, useCreateNote, useDeleteNote, useNoteAction, useUpdateNote } from './case-notes-api';
import { useT } from '../../lib/i18n';
import { CHANNEL_LABELS, templateLabel } from './note-view';
import { ScreeningLink } from './screening-link';

// The note editor (decision 0208): the template's sections, a link to a screening, Save draft, and Sign with a
// confirmation (a signed note is locked; only addenda follow). A new note gets its key once, so saving twice (a lost
// reply, a double press) makes one draft.

/** What the editor starts from: a new note of a session or a contact, or the author's draft. */
export type EditorStart = { kind: 'session'; appointmentUuid: string; sessionLabel: string } | { kind: 'contact' } | { draft: CaseNote };

export function NoteEditor({ clientId, start, onDone, onSaved }: { clientId: number; start: EditorStart; onDone: (note: CaseNote | null) => void; onSaved?: (note: CaseNote) => void }) {
  const t = useT('caseNotes');
  const settings = useCaseNoteSettings();
  if (settings.isPending) return <LoadingBlock text={t('caseNotes.editor.loading')} />;
  if (settings.isError) return <ErrorAlert message={t('caseNotes.editor.settingsFailed')} onRetry={() => void settings.refetch()} />;
  const offered = settings.data.templates;
  return <EditorForm clientId={clientId} start={start} offered={offered} onDone={onDone} onSaved={onSaved} />;
}

function EditorForm({ clientId, start, offered, onDone, onSaved }: { clientId: number; start: EditorStart; offered: CaseNoteTemplate[]; onDone: (note: CaseNote | null) => void; onSaved?: (note: CaseNote) => void }) {
  const t = useT('caseNotes');
  const draft = 'draft' in start ? start.draft : null;
  const [uuid] = useState(() => draft?.uuid ?? crypto.randomUUID());
  const [saved, setSaved] = useState<CaseNote | null>(draft);
  const [template, setTemplate] = useState<CaseNoteTemplate>(draft?.template ?? offered[0]);
  const [sections, setSections] = useState<Record<string, string>>(draft?.sections ?? {});
  const [screeningId, setScreeningId] = useState<number | null>(draft?.screening?.id ?? null);
  const [channel, setChannel] = useState<ContactChannel>(draft?.contact_channel ?? 'phone');
  const [date, setDate] = useState(draft?.session_date ?? todayIn(undefined));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const create = useCreateNote(clientId);
  const update = useUpdateNote();
  const sign = useNoteAction('sign');
  const remove = useDeleteNote(clientId);
  const busy = create.isPending || update.isPending || sign.isPending || remove.isPending;
  const kind = draft?.kind ?? ('kind' in start ? start.kind : 'contact');
  const contact = kind === 'contact';
  const id = useId();
  const templates = draft && !offered.includes(draft.template) ? [...offered, draft.template] : offered;

  const write = async (): Promise<CaseNote> => {
    const content = { template, sections: pick(template, sections), screening_id: screeningId };
    if (saved) return (await update.mutateAsync({ uuid, body: { ...content, ...(contact ? { contact_channel: channel, contact_date: date } : {}) } })).data;
    const body = 'appointmentUuid' in start ? { uuid, kind: 'session' as const, appointment_uuid: start.appointmentUuid, ...content } : { uuid, kind: 'contact' as const, contact_channel: channel, contact_date: date, ...content };
    return (await create.mutateAsync(body)).data;
  };

  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.status === 422) setErrors(error.errors);
    notifyError(serverMessageOr(error, fallback));
  };

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const written = await write();
      setSaved(written);
      onSaved?.(written);
      notifySuccess(t('caseNotes.editor.saved'));
    } catch (error) {
      failed(error, t('caseNotes.editor.saveFailed'));
    }
  };

  const onSign = async () => {
    if (!(await confirm({ title: t('caseNotes.editor.signTitle'), text: t('caseNotes.editor.signText'), confirmText: t('caseNotes.editor.signNote') }))) return;
    setErrors({});
    try {
      const written = await write();
      setSaved(written);
      const signed = (await sign.mutateAsync(written.uuid)).data;
      notifySuccess(signed.status === 'awaiting_cosign' ? t('caseNotes.editor.signedWaits') : t('caseNotes.editor.signed'));
      onDone(signed);
    } catch (error) {
      failed(error, t('caseNotes.editor.signFailed'));
    }
  };

  const onDelete = async () => {
    if (!saved || !(await confirm({ title: t('caseNotes.editor.deleteTitle'), text: t('caseNotes.editor.deleteText'), confirmText: t('caseNotes.editor.delete'), danger: true }))) return;
    try {
      await remove.mutateAsync(saved.uuid);
      notifySuccess(t('caseNotes.editor.deleted'));
      onDone(null);
    } catch (error) {
      notifyError(serverMessageOr(error, t('caseNotes.editor.deleteFailed')));
    }
  };

  const fieldError = (name: string) => errors[name]?.[0];
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void onSave(e)} noValidate aria-label={t('caseNotes.editor.label')} data-testid="note-editor">
      {'sessionLabel' in start && <p className="text-sm text-base-content/75">{t('caseNotes.editor.session', { label: start.sessionLabel })}</p>}
      {contact && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-channel`} className="label-text font-medium">{t('caseNotes.editor.contact')}</label>
            <select id={`${id}-channel`} className="select select-bordered w-full" value={channel} onChange={(e) => setChannel(e.target.value as ContactChannel)}>
              {CONTACT_CHANNELS.map((c) => <option key={c} value={c}>{t(CHANNEL_LABELS[c])}</option>)}
            </select>
          </div>
          <label className="form-control flex flex-col gap-1">
            <span className="label-text font-medium">{t('caseNotes.editor.date')}</span>
            <input type="date" className={`input input-bordered w-full ${fieldError('contact_date') ? 'input-error' : ''}`} value={date} max={todayIn(undefined)} onChange={(e) => setDate(e.target.value)} aria-invalid={!!fieldError('contact_date')} aria-describedby={fieldError('contact_date') ? `${id}-date` : undefined} />
            {fieldError('contact_date') && <span id={`${id}-date`} className="text-sm text-error">{fieldError('contact_date')}</span>}
          </label>
        </div>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t('caseNotes.editor.template')}</legend>
        <div className="flex flex-wrap gap-4">
          {templates.map((tpl) => (
            <label key={tpl} className="flex cursor-pointer items-center gap-2">
              <input type="radio" className="radio radio-sm" name={`${id}-template`} value={tpl} checked={template === tpl} onChange={() => setTemplate(tpl)} />
              <span>{templateLabel(tpl, t)}</span>
            </label>
          ))}
        </div>
        {fieldError('template') && <span className="text-sm text-error">{fieldError('template')}</span>}
      </fieldset>
      {TEMPLATE_SECTIONS[template].map((s) => (
        <label key={s.key} className="form-control flex flex-col gap-1">
          <span className="label-text font-medium">{s.label}</span>
          <textarea className="textarea textarea-bordered min-h-24 w-full" value={sections[s.key] ?? ''} onChange={(e) => setSections((v) => ({ ...v, [s.key]: e.target.value }))} />
        </label>
      ))}
      {fieldError('sections') && <p className="text-sm text-error" role="alert">{fieldError('sections')}</p>}
      <ScreeningLink clientId={clientId} value={screeningId} linked={draft?.screening ?? null} onChange={setScreeningId} error={fieldError('screening_id')} />
      <div className="flex flex-wrap justify-end gap-2">
        {saved && (
          <button type="button" className="btn btn-ghost text-error" disabled={busy} onClick={() => void onDelete()}>
            {t('caseNotes.editor.deleteDraft')}
          </button>
        )}
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => onDone(saved)}>
          {t('caseNotes.editor.close')}
        </button>
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {t('caseNotes.editor.saveDraft')}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void onSign()}>
          {t('caseNotes.editor.signNote')}
        </button>
      </div>
    </form>
  );
}

/** Only the chosen template's sections are sent. */
function pick(template: CaseNoteTemplate, sections: Record<string, string>): Record<string, string> {
  return Object.fromEntries(TEMPLATE_SECTIONS[template].map((s) => [s.key, sections[s.key] ?? '']));
}
