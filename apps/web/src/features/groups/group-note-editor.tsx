import type { GroupNote, GroupNoteShared } from '@kalinga/contracts/group-notes';
import { type FormEvent, useId, useState } from 'react';
import { confirm } from '../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { serverMessageOr } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useAddGroupAddendum, useCreateGroupNote, useSessionNote, useSignGroupNote, useUpdateGroupNote } from './group-notes-api';

// "Write group note" on a held session (decision 0295): the shared part and one box per member present, saved as a
// draft and signed by its author; once signed it reads as written and takes addenda only, about the whole group or
// one member. Another facilitator's draft shows who writes it, not what.

type Present = { client_id: number; name: string }[];

function Draft({ sessionUuid, note, present }: { sessionUuid: string; note: GroupNote | null; present: Present }) {
  const t = useT('groups');
  const id = useId();
  const create = useCreateGroupNote(sessionUuid);
  const update = useUpdateGroupNote(sessionUuid);
  const sign = useSignGroupNote(sessionUuid);
  const [shared, setShared] = useState<GroupNoteShared>(note?.shared ?? { themes: '', activities: '' });
  const [parts, setParts] = useState<Record<number, string>>(() => Object.fromEntries((note?.parts ?? []).map((p) => [p.client_id, p.text])));
  const busy = create.isPending || update.isPending || sign.isPending;
  const content = () => ({ shared, parts: present.map((m) => ({ client_id: m.client_id, text: parts[m.client_id] ?? '' })) });
  const save = async (): Promise<GroupNote | null> => {
    try {
      const saved = note ? await update.mutateAsync({ uuid: note.uuid, body: content() }) : await create.mutateAsync({ uuid: crypto.randomUUID(), ...content() });
      return saved.data;
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.note.saveFailed')));
      return null;
    }
  };
  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    if (await save()) notifySuccess(t('groups.note.saved'));
  };
  const onSign = async () => {
    if (!(await confirm({ title: t('groups.note.signTitle'), text: t('groups.note.signText'), confirmText: t('groups.note.sign'), cancelText: t('groups.cancel') }))) return;
    const saved = await save();
    if (!saved) return;
    try {
      const signed = await sign.mutateAsync(saved.uuid);
      notifySuccess(t(signed.data.status === 'awaiting_cosign' ? 'groups.note.signedWaits' : 'groups.note.signed'));
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.note.signFailed')));
    }
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={(e) => void onSave(e)} data-testid="group-note-editor">
      <p className="text-sm text-base-content/70">{t('groups.note.privacy')}</p>
      <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
        <legend className="px-1 font-semibold">{t('groups.note.shared')}</legend>
        <label className="flex flex-col gap-1" htmlFor={`${id}-themes`}>
          <span className="text-sm font-medium">{t('groups.note.themes')}</span>
          <textarea id={`${id}-themes`} className="textarea textarea-bordered w-full" rows={3} value={shared.themes} onChange={(e) => setShared((s) => ({ ...s, themes: e.target.value }))} />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-activities`}>
          <span className="text-sm font-medium">{t('groups.note.activities')}</span>
          <textarea id={`${id}-activities`} className="textarea textarea-bordered w-full" rows={3} value={shared.activities} onChange={(e) => setShared((s) => ({ ...s, activities: e.target.value }))} />
        </label>
      </fieldset>
      <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
        <legend className="px-1 font-semibold">{t('groups.note.members')}</legend>
        {present.map((m) => (
          <label key={m.client_id} className="flex flex-col gap-1" htmlFor={`${id}-part-${m.client_id}`}>
            <span className="text-sm font-medium break-words">{t('groups.note.partOf', { name: m.name })}</span>
            <textarea id={`${id}-part-${m.client_id}`} className="textarea textarea-bordered w-full" rows={3} value={parts[m.client_id] ?? ''} onChange={(e) => setParts((p) => ({ ...p, [m.client_id]: e.target.value }))} />
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <SubmitButton busy={create.isPending || update.isPending} disabled={busy}>{t('groups.note.save')}</SubmitButton>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void onSign()}>{t('groups.note.sign')}</button>
      </div>
    </form>
  );
}

/** A signed note as written, with its addenda (and the form for one, to those who may add it). */
export function SignedGroupNote({ sessionUuid, note, timeZone }: { sessionUuid: string; note: GroupNote; timeZone: string | undefined }) {
  const t = useT('groups');
  const id = useId();
  const add = useAddGroupAddendum(sessionUuid);
  const [body, setBody] = useState('');
  const [about, setAbout] = useState('');
  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    if (!(await confirm({ title: t('groups.note.addendumTitle'), text: t('groups.note.addendumText'), confirmText: t('groups.note.addendumSign'), cancelText: t('groups.cancel') }))) return;
    try {
      await add.mutateAsync({ uuid: note.uuid, body: { uuid: crypto.randomUUID(), body, client_id: about ? Number(about) : null } });
      setBody('');
      notifySuccess(t('groups.note.addendumAdded'));
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.note.addendumFailed')));
    }
  };
  return (
    <div className="flex flex-col gap-3" data-testid="group-note-signed">
      <p className="text-sm">
        <span className="badge badge-success badge-sm mr-2">{t(note.status === 'signed' ? 'groups.note.statusSigned' : 'groups.note.statusAwaiting')}</span>
        {note.signed && t('groups.note.signedBy', { name: note.signed.name, when: formatDateTime(note.signed.at, timeZone) })}
      </p>
      <dl className="flex flex-col gap-2 text-sm">
        <dt className="font-semibold">{t('groups.note.themes')}</dt>
        <dd className="whitespace-pre-wrap break-words">{note.shared?.themes}</dd>
        <dt className="font-semibold">{t('groups.note.activities')}</dt>
        <dd className="whitespace-pre-wrap break-words">{note.shared?.activities}</dd>
        {note.parts.map((p) => (
          <div key={p.client_id} className="contents">
            <dt className="font-semibold break-words">{t('groups.note.partOf', { name: p.name })}</dt>
            <dd className="whitespace-pre-wrap break-words">{p.text}</dd>
          </div>
        ))}
      </dl>
      {note.addenda.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('groups.note.addenda')}>
          {note.addenda.map((a) => (
            <li key={a.uuid} className="rounded-box border border-base-300 p-2 text-sm">
              <p className="text-base-content/70 break-words">{t(a.client ? 'groups.note.addendumAboutMember' : 'groups.note.addendumAboutGroup', { author: a.author.name, when: formatDateTime(a.signed_at, timeZone), name: a.client?.name ?? '' })}</p>
              <p className="whitespace-pre-wrap break-words">{a.body}</p>
            </li>
          ))}
        </ul>
      )}
      {note.can.add_addendum && (
        <form className="flex flex-col gap-2 border-t border-base-300 pt-3" onSubmit={(e) => void onAdd(e)}>
          <label className="flex flex-col gap-1" htmlFor={`${id}-about`}>
            <span className="text-sm font-medium">{t('groups.note.addendumAbout')}</span>
            <select id={`${id}-about`} className="select select-bordered w-full" value={about} onChange={(e) => setAbout(e.target.value)}>
              <option value="">{t('groups.note.wholeGroup')}</option>
              {note.parts.map((p) => <option key={p.client_id} value={p.client_id}>{p.name}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1" htmlFor={`${id}-addendum`}>
            <span className="text-sm font-medium">{t('groups.note.addendum')}</span>
            <textarea id={`${id}-addendum`} className="textarea textarea-bordered w-full" rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
          </label>
          <div className="flex justify-end">
            <SubmitButton busy={add.isPending} disabled={add.isPending || !body.trim()}>{t('groups.note.addendumAdd')}</SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}

export function GroupNoteEditor({ sessionUuid, timeZone }: { sessionUuid: string; timeZone: string | undefined }) {
  const t = useT('groups');
  const query = useSessionNote(sessionUuid);
  if (query.isPending) return <LoadingBlock text={t('groups.note.loading')} />;
  if (query.isError) return <ErrorAlert message={serverMessageOr(query.error, t('groups.note.loadFailed'))} retryText={t('groups.retry')} onRetry={() => void query.refetch()} />;
  const { note, present } = query.data;
  if (note && note.status !== 'draft') return <SignedGroupNote sessionUuid={sessionUuid} note={note} timeZone={timeZone} />;
  if (note && !note.can.edit) return <p className="text-base-content/80" data-testid="group-note-others-draft">{t('groups.note.othersDraft', { name: note.author.name })}</p>;
  if (present.length === 0) return <p className="text-base-content/70">{t('groups.note.nobodyPresent')}</p>;
  return <Draft sessionUuid={sessionUuid} note={note} present={present} />;
}
