import type { Branch, Transfer } from '@kalinga/contracts/lending/branches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { SubmitButton } from '../../../components/ui/submit-button';
import { notifySuccess } from '../../../components/ui/toast';
import { api, ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import type { LocalItem } from '../../../offline/db';
import { refreshQueries } from '../../../lib/refresh-queries';

// Sending an item from its branch's vault to another branch's (docs/decisions/0303-item-transfers.md): online only,
// keyed by a uuid made when the form opens, so a repeat answers the first send. The item is then in transit, counted
// in no vault, until that branch receives it on its Transfers screen.

const SENDABLE = new Set(['pawned', 'forfeited', 'for_sale']);

/** Whether the item may be sent now: in a vault (not travelling) and still the shop's. */
export const canSend = (item: Pick<LocalItem, 'status' | 'in_transit' | 'branch_id'>): boolean => SENDABLE.has(item.status) && !item.in_transit && item.branch_id != null;

export function ItemTransferForm({ item }: { item: Pick<LocalItem, 'uuid' | 'branch_id'> }) {
  const t = useT('vault');
  const client = useQueryClient();
  const branches = useQuery({ queryKey: ['branches'], queryFn: () => api.get<{ data: Branch[] }>('/api/branches'), staleTime: 10 * 60_000 });
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const [sent, setSent] = useState<Transfer | null>(null);
  const send = useMutation({
    mutationFn: () => api.post<{ data: Transfer }>(`/api/items/${encodeURIComponent(item.uuid)}/transfer`, { uuid: key, to_branch_id: Number(to), note: note.trim() || null }).then((r) => r.data),
    onSuccess: (transfer) => {
      setSent(transfer);
      notifySuccess(t('vault.send.done'));
      void refreshQueries(client, { queryKey: ['transfers'] });
    },
  });
  const others = (branches.data?.data ?? []).filter((b) => b.id !== item.branch_id && !b.deleted);
  const nameOf = (id: number) => branches.data?.data.find((b) => b.id === id)?.name ?? t('vault.transfers.branchNumber', { id });
  if (sent) return <p role="status" data-testid="item-sent">{t('vault.send.inTransit', { branch: nameOf(sent.to_branch_id) })}</p>;
  if (branches.isError) return <p role="alert" className="text-error">{t('vault.send.branchesError')}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (to) send.mutate();
  };
  return (
    <form className="flex flex-col gap-2 sm:max-w-md" onSubmit={submit} aria-label={t('vault.send.form')}>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('vault.send.to')}</span>
        <select className="select w-full" value={to} onChange={(e) => setTo(e.target.value)} required disabled={branches.isPending}>
          <option value="">{t('vault.send.choose')}</option>
          {others.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('vault.send.note')}</span>
        <input className="input w-full" value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
      </label>
      {send.isError && <p role="alert" className="text-error">{send.error instanceof ApiError ? send.error.message : t('vault.send.error')}</p>}
      <div>
        <SubmitButton busy={send.isPending} disabled={send.isPending || !to}>{t('vault.send.submit')}</SubmitButton>
      </div>
    </form>
  );
}
