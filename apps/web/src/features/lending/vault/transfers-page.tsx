import type { Branch, Transfer } from '@kalinga/contracts/lending/branches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { api, ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../components/page-header';
import { refreshQueries } from '../../../lib/refresh-queries';

// Lending › Transfers (docs/decisions/0303-item-transfers.md): the items on their way between the caller's branches'
// vaults, counted in neither; the branch an item was sent to receives it here. Transfers are online only.

const TRANSFERS_KEY = ['transfers', 'sent'] as const;

export function TransfersPage() {
  const t = useT('vault');
  const client = useQueryClient();
  const transfers = useQuery({ queryKey: TRANSFERS_KEY, queryFn: () => api.get<{ data: Transfer[] }>('/api/transfers', { status: 'sent' }).then((r) => r.data) });
  // Every branch of the company names a transfer's ends; the caller's own say which transfers they may receive.
  const branches = useQuery({ queryKey: ['branches'], queryFn: () => api.get<{ data: Branch[] }>('/api/branches'), staleTime: 10 * 60_000 });
  const mine = useQuery({ queryKey: ['transfers', 'my-branches'], queryFn: () => api.get<{ data: Branch[] }>('/api/branches/mine').then((r) => r.data), staleTime: 10 * 60_000 });
  const receive = useMutation({
    mutationFn: (uuid: string) => api.post<{ data: Transfer }>(`/api/transfers/${encodeURIComponent(uuid)}/receive`),
    onSuccess: (reply) => {
      notifySuccess(t('vault.transfers.received', { item: reply.data.item_description }));
      void refreshQueries(client, { queryKey: ['transfers'] });
    },
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('vault.transfers.receiveError')),
  });
  const nameOf = (id: number) => branches.data?.data.find((b) => b.id === id)?.name ?? t('vault.transfers.branchNumber', { id });
  const canReceive = (tr: Transfer) => (mine.data ?? []).some((b) => b.id === tr.to_branch_id);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title={t('vault.transfers.title')} text={t('vault.transfers.text')} />
      {transfers.isPending ? (
        <LoadingBlock text={t('vault.transfers.loading')} />
      ) : transfers.isError ? (
        <ErrorAlert message={t('vault.transfers.loadError')} onRetry={() => void transfers.refetch()} retryText={t('vault.retry')} />
      ) : transfers.data.length === 0 ? (
        <EmptyState title={t('vault.transfers.none')} text={t('vault.transfers.noneText')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('vault.transfers.list')}>
          {transfers.data.map((tr) => (
            <li key={tr.uuid} className="card border border-base-300 bg-base-100" data-testid="transfer-row">
              <div className="card-body gap-1 p-4">
                <h2 className="font-semibold break-words">
                  <Link className="link" to={`/lending/items/${tr.item_uuid}`}>{tr.item_description}</Link>
                </h2>
                <p className="text-sm break-words">{t('vault.transfers.route', { from: nameOf(tr.from_branch_id), to: nameOf(tr.to_branch_id) })}</p>
                <p className="text-sm text-base-content/80">{t('vault.transfers.sentAt', { when: formatDateTime(tr.sent_at) })}</p>
                {tr.note && <p className="text-sm break-words">{t('vault.transfers.note', { note: tr.note })}</p>}
                <div className="card-actions justify-end">
                  {canReceive(tr) ? (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      disabled={receive.isPending}
                      onClick={() => receive.mutate(tr.uuid)}
                      aria-label={t('vault.transfers.receiveNamed', { item: tr.item_description, branch: nameOf(tr.to_branch_id) })}
                    >
                      {t('vault.transfers.receive')}
                    </button>
                  ) : (
                    <span className="badge badge-outline">{t('vault.transfers.waiting', { branch: nameOf(tr.to_branch_id) })}</span>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
