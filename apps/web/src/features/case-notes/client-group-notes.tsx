import type { MemberGroupNote } from '@kalinga/contracts/group-notes';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { api } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/dates';
import { useT } from '../../lib/i18n';

// A client's group notes as their record holds them (decision 0296): the shared part and this client's own part,
// the addenda about the group or them; never another member. Held in memory only, as case notes are.

function useClientGroupNotes(clientId: number) {
  return useQuery({
    queryKey: ['case-notes', 'group', clientId],
    queryFn: () => api.get<{ data: MemberGroupNote[] }>(`/api/clients/${clientId}/group-notes`).then((r) => r.data),
    enabled: Number.isInteger(clientId) && clientId > 0,
    gcTime: 0,
    staleTime: 0,
  });
}

function GroupNoteItem({ note }: { note: MemberGroupNote }) {
  const t = useT('caseNotes');
  const rows: [string, string][] = [
    [t('caseNotes.group.themes'), note.shared.themes],
    [t('caseNotes.group.activities'), note.shared.activities],
    [t('caseNotes.group.part'), note.part],
  ];
  return (
    <li className="card card-border bg-base-100 shadow-sm" data-testid="client-group-note">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="min-w-0 break-words font-semibold">{t('caseNotes.group.title', { group: note.group_name, date: formatDate(note.session_date) })}</span>
          <span className={`badge badge-sm ${note.status === 'signed' ? 'badge-success' : 'badge-warning'}`}>{t(note.status === 'signed' ? 'caseNotes.status.signed' : 'caseNotes.status.awaiting_cosign')}</span>
        </div>
        {note.signed && <p className="text-sm text-base-content/70">{t('caseNotes.group.signedBy', { name: note.signed.name, when: formatDateTime(note.signed.at) })}</p>}
        <dl className="flex flex-col gap-1 text-sm">
          {rows.map(([label, text]) => (
            <div key={label}>
              <dt className="font-semibold">{label}</dt>
              <dd className="whitespace-pre-wrap break-words">{text}</dd>
            </div>
          ))}
        </dl>
        {note.addenda.map((a) => (
          <div key={a.uuid} className="rounded-box border border-base-300 p-2 text-sm">
            <p className="text-base-content/70">{t('caseNotes.group.addendumBy', { name: a.author.name, when: formatDateTime(a.signed_at) })}</p>
            <p className="whitespace-pre-wrap break-words">{a.body}</p>
          </div>
        ))}
      </div>
    </li>
  );
}

export function ClientGroupNotes({ clientId }: { clientId: number }) {
  const t = useT('caseNotes');
  const query = useClientGroupNotes(clientId);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="client-group-notes-title">
      <h3 id="client-group-notes-title" className="text-lg font-semibold">{t('caseNotes.group.heading')}</h3>
      {query.isPending ? (
        <LoadingBlock text={t('caseNotes.group.loading')} />
      ) : query.isError ? (
        <ErrorAlert message={t('caseNotes.group.loadFailed')} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-base-content/70">{t('caseNotes.group.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('caseNotes.group.heading')}>
          {query.data.map((n) => <GroupNoteItem key={n.uuid} note={n} />)}
        </ul>
      )}
    </section>
  );
}
