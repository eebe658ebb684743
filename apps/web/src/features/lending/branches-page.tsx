import type { Branch } from '@kalinga/contracts/lending/branches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Modal } from '../../components/ui/modal';
import { LoadingBlock } from '../../components/ui/spinner';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifySuccess } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { PageHeader } from './components/page-header';
import { refreshQueries } from '../../lib/refresh-queries';

// Lending › Branches (docs/decisions/0301-branches-schema.md): a manager adds and changes branches (name, address,
// BSP registration, ticket prefix), closes one, and says who works at each.

interface Member { id: number; name: string; email: string }
type Draft = { name: string; address: string; bsp_registration: string; ticket_prefix: string; deleted: boolean; staff: number[] };

const BRANCHES_KEY = ['branches'] as const;

function draftOf(b: Branch | null): Draft {
  return { name: b?.name ?? '', address: b?.address ?? '', bsp_registration: b?.bsp_registration ?? '', ticket_prefix: b?.ticket_prefix ?? '', deleted: b?.deleted ?? false, staff: b?.user_ids ?? [] };
}

export function BranchesPage() {
  const t = useT('lending');
  const branches = useQuery({ queryKey: BRANCHES_KEY, queryFn: () => api.get<{ data: Branch[] }>('/api/branches') });
  const members = useQuery({ queryKey: ['branch-members'], queryFn: () => api.get<{ data: Member[] }>('/api/users', { per_page: 100 }) });
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title={t('lending.branches.title')}
        text={t('lending.branches.text')}
        action={<button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>{t('lending.branches.add')}</button>}
      />
      {branches.isPending ? (
        <LoadingBlock text={t('lending.branches.loading')} />
      ) : branches.isError ? (
        <ErrorAlert message={t('lending.branches.loadError')} onRetry={() => void branches.refetch()} />
      ) : branches.data.data.length === 0 ? (
        <EmptyState title={t('lending.branches.none')} text={t('lending.branches.noneText')} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={t('lending.branches.list')}>
          {branches.data.data.map((b) => (
            <li key={b.id} className="card border border-base-300 bg-base-100" data-testid="branch-row">
              <div className="card-body gap-1 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="font-semibold break-words">{b.name}</h2>
                  {b.deleted ? <span className="badge badge-ghost">{t('lending.branches.closed')}</span> : <span className="badge badge-outline">{b.ticket_prefix}</span>}
                </div>
                <p className="text-sm text-base-content/80 break-words">{b.address || t('lending.branches.noAddress')}</p>
                <p className="text-sm">{t('lending.branches.bsp', { value: b.bsp_registration || '—' })}</p>
                <p className="text-sm">{t('lending.branches.series', { prefix: b.ticket_prefix, count: b.last_ticket_number })}</p>
                <p className="text-sm">{t('lending.branches.staff', { count: b.user_ids.length })}</p>
                <div className="card-actions justify-end">
                  <button type="button" className="btn btn-sm" onClick={() => setEditing(b)} aria-label={t('lending.branches.editNamed', { name: b.name })}>{t('lending.branches.edit')}</button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing !== null && branches.data && (
        <BranchForm branch={editing === 'new' ? null : editing} all={branches.data.data} members={members.data?.data ?? []} membersFailed={members.isError} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

function BranchForm({ branch, all, members, membersFailed, onClose }: { branch: Branch | null; all: Branch[]; members: Member[]; membersFailed: boolean; onClose: () => void }) {
  const t = useT('lending');
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(branch));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (d: Draft) => {
      const body = { name: d.name, address: d.address || null, bsp_registration: d.bsp_registration || null, ticket_prefix: d.ticket_prefix, deleted: d.deleted };
      const saved = branch ? await api.put<{ data: Branch }>(`/api/branches/${branch.id}`, body) : await api.post<{ data: Branch }>('/api/branches', body);
      // Who works here: each member whose set of branches changes gets it whole.
      const id = saved.data.id;
      const before = new Set(branch?.user_ids ?? []);
      const after = new Set(d.staff);
      for (const m of members) {
        if (before.has(m.id) === after.has(m.id)) continue;
        const others = all.filter((b) => b.id !== id && b.user_ids.includes(m.id)).map((b) => b.id);
        await api.put(`/api/branches/users/${m.id}`, { branch_ids: after.has(m.id) ? [...others, id] : others });
      }
    },
    onSuccess: async () => {
      await refreshQueries(client, { queryKey: BRANCHES_KEY });
      notifySuccess(t('lending.branches.saved'));
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422) setErrors(e.errors ?? {});
      else setFailed(e instanceof ApiError ? e.message : t('lending.branches.saveError'));
    },
  });
  const field = (name: 'name' | 'address' | 'bsp_registration' | 'ticket_prefix', label: string, hint?: string) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <input className={`input w-full ${errors[name] ? 'input-error' : ''}`} name={name} value={draft[name]} onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))} aria-invalid={errors[name] ? true : undefined} />
      {hint && <span className="text-xs text-base-content/70">{hint}</span>}
      {errors[name]?.map((m) => <span key={m} className="text-xs text-error">{m}</span>)}
    </label>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFailed(null);
    save.mutate(draft);
  };
  return (
    <Modal open title={branch ? t('lending.branches.editTitle') : t('lending.branches.addTitle')} onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        {field('name', t('lending.branches.name'))}
        {field('address', t('lending.branches.address'))}
        {field('bsp_registration', t('lending.branches.bspLabel'))}
        {field('ticket_prefix', t('lending.branches.prefix'), t('lending.branches.prefixHint'))}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="checkbox" checked={draft.deleted} onChange={(e) => setDraft((d) => ({ ...d, deleted: e.target.checked }))} />
          {t('lending.branches.closeBranch')}
        </label>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{t('lending.branches.whoWorks')}</legend>
          {membersFailed && <p className="text-sm text-error">{t('lending.branches.membersError')}</p>}
          <div className="flex max-h-48 flex-col gap-1 overflow-y-auto">
            {members.map((m) => (
              <label key={m.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" checked={draft.staff.includes(m.id)} onChange={(e) => setDraft((d) => ({ ...d, staff: e.target.checked ? [...d.staff, m.id] : d.staff.filter((x) => x !== m.id) }))} />
                <span className="break-all">{m.name} · {m.email}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {failed && <p role="alert" className="text-sm text-error">{failed}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>{t('lending.branches.cancel')}</button>
          <SubmitButton busy={save.isPending}>{t('lending.branches.save')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
