import type { CaseNote } from '@kalinga/contracts/case-notes';
import { type CaseNoteTemplate, type ContactChannel, MAX_ADDENDUM_LENGTH, TEMPLATE_LABELS, TEMPLATE_SECTIONS } from '@kalinga/contracts/case-note-constants';
import { type FormEvent, useId, useState } from 'react';
import { confirm } from '../../components/ui/confirm-dialog';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError, serverMessageOr } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/dates';
import { type MessageKey, t as translate, type Translate, useT } from '../../lib/i18n';
import { useAddAddendum, useNoteAction } from './case-notes-api';

// A note as it reads (decision 0208): its sections, who signed and when, the co-signature, the late-entry mark, the
// addenda under it, and what the reader may still do: co-sign (the supervisor) or add a signed addendum.

export function statusBadge(status: CaseNote['status']): string {
  return status === 'signed' ? 'badge-success' : status === 'awaiting_cosign' ? 'badge-warning' : 'badge-ghost';
}

/** Each contact channel's and status's words on screen. */
export const CHANNEL_LABELS: Record<ContactChannel, MessageKey> = { phone: 'caseNotes.channel.phone', email: 'caseNotes.channel.email', in_person: 'caseNotes.channel.in_person', other: 'caseNotes.channel.other' };
const STATUS_LABELS: Record<CaseNote['status'], MessageKey> = { draft: 'caseNotes.status.draft', awaiting_cosign: 'caseNotes.status.awaiting_cosign', signed: 'caseNotes.status.signed' };

/** A template's name: DAP and SOAP are the same in every language; free text is said in the language in use. */
export function templateLabel(template: CaseNoteTemplate, t: Translate): string {
  return template === 'free' ? t('caseNotes.template.free') : TEMPLATE_LABELS[template];
}

/** "Session of 12 Mar 2026" or "Phone call on 12 Mar 2026", in the language in use (the caseNotes area is loaded by its screens). */
export function noteTitle(note: Pick<CaseNote, 'kind' | 'contact_channel' | 'session_date'>, t: Translate = translate): string {
  const date = formatDate(`${note.session_date}T12:00:00`);
  return note.kind === 'session' ? t('caseNotes.sessionOf', { date }) : t('caseNotes.channelOn', { channel: t(CHANNEL_LABELS[note.contact_channel ?? 'other']), date });
}

export function NoteBadges({ note }: { note: Pick<CaseNote, 'status' | 'late_entry' | 'template'> }) {
  const t = useT('caseNotes');
  return (
    <span className="flex flex-wrap items-center gap-1">
      <span className={`badge badge-sm ${statusBadge(note.status)}`}>{t(STATUS_LABELS[note.status])}</span>
      <span className="badge badge-sm badge-outline">{templateLabel(note.template, t)}</span>
      {note.late_entry && <span className="badge badge-sm badge-error badge-outline" title={t('caseNotes.lateEntryTitle')}>{t('caseNotes.lateEntry')}</span>}
    </span>
  );
}

export function NoteView({ note }: { note: CaseNote }) {
  const t = useT('caseNotes');
  const cosign = useNoteAction('cosign');
  const onCosign = async () => {
    if (!(await confirm({ title: t('caseNotes.view.cosignTitle'), text: t('caseNotes.view.cosignText'), confirmText: t('caseNotes.view.cosign') }))) return;
    try {
      await cosign.mutateAsync(note.uuid);
      notifySuccess(t('caseNotes.view.cosigned'));
    } catch (error) {
      notifyError(serverMessageOr(error, t('caseNotes.view.cosignFailed')));
    }
  };
  return (
    <div className="flex flex-col gap-4" data-testid="note-view">
      <dl className="flex flex-col gap-3">
        {TEMPLATE_SECTIONS[note.template].map((s) => (
          <div key={s.key}>
            <dt className="text-sm font-semibold">{s.label}</dt>
            <dd className="whitespace-pre-wrap break-words">{note.sections[s.key] || '—'}</dd>
          </div>
        ))}
      </dl>
      {note.screening && <p className="text-sm">{t('caseNotes.screening.linked')} {t(note.screening.kind === 'intake' ? 'caseNotes.screening.intakeOf' : 'caseNotes.screening.followUpOf', { date: formatDate(note.screening.created_at) })}</p>}
      <div className="rounded-box bg-base-200 p-3 text-sm" data-testid="signatures">
        {note.signed && <p>{t('caseNotes.view.signedBy', { name: note.signed.name })} <time dateTime={note.signed.at}>{formatDateTime(note.signed.at)}</time></p>}
        {note.supervisor && !note.cosigned && <p>{t('caseNotes.view.awaiting', { name: note.supervisor.name })}</p>}
        {note.cosigned && <p>{t('caseNotes.view.cosignedBy', { name: note.cosigned.name })} <time dateTime={note.cosigned.at}>{formatDateTime(note.cosigned.at)}</time></p>}
        <p className="text-base-content/70">{t('caseNotes.view.locked')}</p>
      </div>
      {note.can.cosign && (
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" disabled={cosign.isPending} onClick={() => void onCosign()}>
            {t('caseNotes.view.cosignNote')}
          </button>
        </div>
      )}
      {note.addenda.length > 0 && (
        <section aria-label={t('caseNotes.view.addenda')} className="flex flex-col gap-2">
          <h3 className="font-semibold">{t('caseNotes.view.addenda')}</h3>
          <ol className="flex flex-col gap-2">
            {note.addenda.map((a) => (
              <li key={a.uuid} className="rounded-box border border-base-300 p-3">
                <p className="whitespace-pre-wrap break-words">{a.body}</p>
                <p className="mt-1 text-sm text-base-content/70">{t('caseNotes.view.signedBy', { name: a.author.name })} <time dateTime={a.signed_at}>{formatDateTime(a.signed_at)}</time></p>
              </li>
            ))}
          </ol>
        </section>
      )}
      {note.can.add_addendum && <AddendumForm uuid={note.uuid} />}
    </div>
  );
}

function AddendumForm({ uuid }: { uuid: string }) {
  const t = useT('caseNotes');
  const add = useAddAddendum();
  const id = useId();
  const [text, setText] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!(await confirm({ title: t('caseNotes.addendum.title'), text: t('caseNotes.addendum.text'), confirmText: t('caseNotes.addendum.sign') }))) return;
    try {
      await add.mutateAsync({ uuid, body: { uuid: key, body: text } });
      setText('');
      setKey(crypto.randomUUID());
      notifySuccess(t('caseNotes.addendum.added'));
    } catch (err) {
      if (err instanceof ApiError && err.errors.body) setError(err.errors.body[0]);
      notifyError(serverMessageOr(err, t('caseNotes.addendum.failed')));
    }
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => void onSubmit(e)} noValidate>
      <label htmlFor={`${id}-addendum`} className="font-medium">{t('caseNotes.addendum.label')}</label>
      <textarea id={`${id}-addendum`} className={`textarea textarea-bordered min-h-20 w-full ${error ? 'textarea-error' : ''}`} maxLength={MAX_ADDENDUM_LENGTH} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
      {error && <span id={`${id}-error`} className="text-sm text-error">{error}</span>}
      <div className="flex justify-end">
        <SubmitButton busy={add.isPending} disabled={add.isPending || !text.trim()}>{t('caseNotes.addendum.add')}</SubmitButton>
      </div>
    </form>
  );
}
