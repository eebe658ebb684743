import type { AttendanceOutcome, GroupDetail } from '@kalinga/contracts/groups';
import type { StudentOption } from '@kalinga/contracts/users';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirm } from '../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Modal } from '../../components/ui/modal';
import { LoadingBlock } from '../../components/ui/spinner';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { serverMessageOr } from '../../lib/api-client';
import { formatWeekdayDateTime } from '../../lib/dates';
import { type MessageKey, useT } from '../../lib/i18n';
import { GroupNoteEditor } from './group-note-editor';
import { searchClients, useAddMember, useAttendance, useCancelGroup, useCancelSession, useGroup, useRecordAttendance, useRemoveMember } from './groups-api';

// One group as its facilitators see it (decisions 0277, 0280): sessions with attendance, members (added by a
// facilitator in a closed group, signed up themselves in a workshop); a session to come or the whole group can be
// cancelled, the members told by the server (decision 0282); a held session of a closed group has its note (decision 0295).

const OUTCOMES: { value: AttendanceOutcome; label: MessageKey }[] = [
  { value: 'present', label: 'groups.attendance.present' },
  { value: 'absent', label: 'groups.attendance.absent' },
  { value: 'late_cancellation', label: 'groups.attendance.late' },
];

function AttendanceForm({ sessionUuid, onDone }: { sessionUuid: string; onDone: () => void }) {
  const t = useT('groups');
  const id = useId();
  const query = useAttendance(sessionUuid);
  const save = useRecordAttendance(sessionUuid);
  const [chosen, setChosen] = useState<Record<number, AttendanceOutcome>>({});
  if (query.isPending) return <LoadingBlock text={t('groups.attendance.loading')} />;
  if (query.isError) return <ErrorAlert message={t('groups.attendance.loadFailed')} retryText={t('groups.retry')} onRetry={() => void query.refetch()} />;
  const rows = query.data.rows;
  if (rows.length === 0) return <p className="text-base-content/70">{t('groups.attendance.noMembers')}</p>;
  const outcomeOf = (clientId: number, recorded: AttendanceOutcome | null) => chosen[clientId] ?? recorded;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const entries = rows.flatMap((r) => {
      const outcome = outcomeOf(r.client_id, r.outcome);
      return outcome ? [{ client_id: r.client_id, outcome }] : [];
    });
    if (entries.length === 0) return;
    try {
      await save.mutateAsync(entries);
      notifySuccess(t('groups.attendance.saved'));
      onDone();
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.attendance.saveFailed')));
    }
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
      <ul className="flex flex-col gap-2">
        {rows.map((r) => (
          <li key={r.client_id} className="rounded-box border border-base-300 p-3">
            <fieldset>
              <legend className="font-medium break-words">{r.name}</legend>
              <div className="mt-1 flex flex-wrap gap-3">
                {OUTCOMES.map((o) => (
                  <label key={o.value} className="flex items-center gap-1 text-sm">
                    <input type="radio" className="radio radio-sm" name={`${id}-${r.client_id}`} checked={outcomeOf(r.client_id, r.outcome) === o.value} onChange={() => setChosen((old) => ({ ...old, [r.client_id]: o.value }))} />
                    {t(o.label)}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <SubmitButton busy={save.isPending}>{t('groups.attendance.save')}</SubmitButton>
      </div>
    </form>
  );
}

function AddMember({ group }: { group: GroupDetail }) {
  const t = useT('groups');
  const id = useId();
  const add = useAddMember(group.uuid);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<StudentOption[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const onSearch = async (e: FormEvent) => {
    e.preventDefault();
    if (!query.trim()) return;
    setSearching(true);
    setFailed(false);
    try {
      const memberIds = new Set(group.members.map((m) => m.id));
      setFound((await searchClients(query.trim())).filter((s) => !memberIds.has(s.id)));
    } catch {
      setFailed(true);
    } finally {
      setSearching(false);
    }
  };
  const onAdd = async (s: StudentOption) => {
    try {
      await add.mutateAsync(s.id);
      notifySuccess(t('groups.members.added', { name: s.name }));
      setFound((old) => old?.filter((o) => o.id !== s.id) ?? null);
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.members.addFailed')));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void onSearch(e)} role="search">
        <div className="form-control min-w-0 flex-1">
          <label className="label" htmlFor={`${id}-q`}><span className="label-text">{t('groups.members.search')}</span></label>
          <input id={`${id}-q`} className="input input-bordered w-full" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-outline" disabled={searching}>{t('groups.members.find')}</button>
      </form>
      {failed && <ErrorAlert message={t('groups.members.searchFailed')} retryText={t('groups.retry')} onRetry={() => void onSearch({ preventDefault() {} } as FormEvent)} />}
      {found && found.length === 0 && <p className="text-sm text-base-content/70">{t('groups.members.noneFound')}</p>}
      {found && found.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t('groups.members.results')}>
          {found.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-2 rounded-box border border-base-300 p-2">
              <span className="min-w-0 break-words">{s.name}{s.student_id ? ` · ${s.student_id}` : ''}</span>
              <button type="button" className="btn btn-sm btn-primary" disabled={add.isPending} onClick={() => void onAdd(s)}>{t('groups.members.add')}</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function GroupDetailView({ uuid, timeZone }: { uuid: string; timeZone: string | undefined }) {
  const t = useT('groups');
  const query = useGroup(uuid);
  const remove = useRemoveMember(uuid);
  const cancelSession = useCancelSession();
  const cancelGroup = useCancelGroup();
  const [, setParams] = useSearchParams();
  const [attendanceFor, setAttendanceFor] = useState<{ uuid: string; label: string } | null>(null);
  const [noteFor, setNoteFor] = useState<{ uuid: string; label: string } | null>(null);
  if (query.isPending) return <LoadingBlock text={t('groups.detail.loading')} />;
  if (query.isError) return <ErrorAlert message={t('groups.detail.loadFailed')} retryText={t('groups.retry')} onRetry={() => void query.refetch()} />;
  const g = query.data;
  const now = new Date().toISOString();
  const onRemove = async (id: number, name: string) => {
    if (!(await confirm({ title: t('groups.members.removeTitle'), text: t('groups.members.removeText', { name }), confirmText: t('groups.members.remove'), cancelText: t('groups.cancel'), danger: true }))) return;
    try {
      await remove.mutateAsync(id);
      notifySuccess(t('groups.members.removed', { name }));
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.members.removeFailed')));
    }
  };
  const onCancelSession = async (sessionUuid: string, label: string) => {
    if (!(await confirm({ title: t('groups.cancelSession.title'), text: t('groups.cancelSession.text', { when: label }), confirmText: t('groups.cancelSession.confirm'), cancelText: t('groups.keep'), danger: true }))) return;
    try {
      const r = await cancelSession.mutateAsync(sessionUuid);
      notifySuccess(t('groups.cancelSession.done', { count: r.members_told }));
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.cancelSession.failed')));
    }
  };
  const onCancelGroup = async () => {
    if (!(await confirm({ title: t('groups.cancelGroup.title', { name: g.name }), text: t('groups.cancelGroup.text'), confirmText: t('groups.cancelGroup.confirm'), cancelText: t('groups.keep'), danger: true }))) return;
    try {
      const r = await cancelGroup.mutateAsync(g.uuid);
      notifySuccess(t('groups.cancelGroup.done', { sessions: r.sessions_cancelled, count: r.members_told }));
      setParams((p) => { p.delete('group'); return p; });
    } catch (error) {
      notifyError(serverMessageOr(error, t('groups.cancelGroup.failed')));
    }
  };
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="group-detail-heading" data-testid="group-detail">
      <div className="card-body gap-4 p-4">
        <div>
          <h2 id="group-detail-heading" className="text-xl font-semibold break-words">{g.name}</h2>
          <p className="text-sm text-base-content/80">
            {t(g.kind === 'closed' ? 'groups.kind.closed' : 'groups.kind.workshop')} · {g.category.name} · {t('groups.seats', { taken: g.seats_taken, capacity: g.capacity })}
            {g.kind === 'workshop' && g.waiting > 0 && <> · {t('groups.waiting', { count: g.waiting })}</>}
          </p>
          <p className="text-sm text-base-content/70 break-words">{g.facilitators.map((f) => f.name).join(', ')} · {g.location}</p>
        </div>
        <div>
          <h3 className="font-semibold">{t('groups.detail.sessions')}</h3>
          <ol className="mt-2 flex flex-col gap-1">
            {g.sessions.map((s) => (
              <li key={s.uuid} className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-2 text-sm">
                <span>
                  <span className="font-medium">{t('groups.form.session', { index: s.index })}</span> · <time dateTime={s.starts_at}>{formatWeekdayDateTime(s.starts_at, timeZone)}</time>
                </span>
                {s.status === 'cancelled' ? (
                  <span className="badge badge-warning badge-sm">{t('groups.detail.cancelled')}</span>
                ) : s.starts_at <= now ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <button type="button" className="btn btn-xs btn-outline" onClick={() => setAttendanceFor({ uuid: s.uuid, label: formatWeekdayDateTime(s.starts_at, timeZone) })}>{t('groups.attendance.open')}</button>
                    {g.kind === 'closed' && <button type="button" className="btn btn-xs btn-outline" aria-label={t('groups.note.openNamed', { index: s.index })} onClick={() => setNoteFor({ uuid: s.uuid, label: formatWeekdayDateTime(s.starts_at, timeZone) })}>{t('groups.note.open')}</button>}
                  </span>
                ) : (
                  <span className="flex items-center gap-2">
                    <span className="badge badge-ghost badge-sm">{t('groups.detail.upcoming')}</span>
                    <button type="button" className="btn btn-xs btn-ghost text-error" disabled={cancelSession.isPending} aria-label={t('groups.cancelSession.named', { index: s.index })} onClick={() => void onCancelSession(s.uuid, formatWeekdayDateTime(s.starts_at, timeZone))}>{t('groups.cancelSession.button')}</button>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h3 className="font-semibold">{t('groups.detail.members')}</h3>
          {g.members.length === 0 ? (
            <p className="text-sm text-base-content/70">{t(g.kind === 'closed' ? 'groups.members.emptyClosed' : 'groups.members.emptyWorkshop')}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-1">
              {g.members.map((m) => (
                <li key={m.id} className="flex items-center justify-between gap-2 rounded-box border border-base-300 p-2 text-sm">
                  <span className="min-w-0 break-words">{m.name}</span>
                  <button type="button" className="btn btn-xs btn-ghost text-error" onClick={() => void onRemove(m.id, m.name)} aria-label={t('groups.members.removeNamed', { name: m.name })}>{t('groups.members.remove')}</button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {g.kind === 'closed' && g.seats_taken < g.capacity && <AddMember group={g} />}
        <div className="flex justify-end border-t border-base-300 pt-3">
          <button type="button" className="btn btn-sm btn-outline btn-error" disabled={cancelGroup.isPending} onClick={() => void onCancelGroup()}>{t('groups.cancelGroup.button')}</button>
        </div>
      </div>
      <Modal open={attendanceFor !== null} title={t('groups.attendance.title', { when: attendanceFor?.label ?? '' })} onClose={() => setAttendanceFor(null)}>
        {attendanceFor && <AttendanceForm sessionUuid={attendanceFor.uuid} onDone={() => setAttendanceFor(null)} />}
      </Modal>
      <Modal wide open={noteFor !== null} title={t('groups.note.title', { when: noteFor?.label ?? '' })} onClose={() => setNoteFor(null)}>
        {noteFor && <GroupNoteEditor sessionUuid={noteFor.uuid} timeZone={timeZone} />}
      </Modal>
    </section>
  );
}
