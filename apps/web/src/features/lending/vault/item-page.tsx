import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { centreShortDateTime } from '../../../lib/centre-time';
import { useCounterZone } from '../book/lending-queries';
import { useT } from '../../../lib/i18n';
import { PLACE_WORDS } from './place-words';
import { hasPermission, useAuth } from '../../../session/auth-store';
import { PageHeader } from '../components/page-header';
import { ItemStatusBadge } from '../components/status-badge';
import { SyncBadge } from '../components/sync-badge';
import { ItemPhotos } from './item-photos';
import { ItemPlaceForm } from './item-place-form';
import { canSend, ItemTransferForm } from './item-transfer-form';
import { useItemMoves } from './vault-api';
import { useItemWithLoan } from './vault-queries';

function MoveHistory({ uuid, version }: { uuid: string; version: number | undefined }) {
  const t = useT('vault');
  const moves = useItemMoves(uuid, version);
  // On the counter's clock, its zone named when the browser's differs (decision 0380).
  const zone = useCounterZone();
  if (moves.isPending) return <LoadingBlock text={t('vault.loading')} />;
  if (moves.isError) return <ErrorAlert message={t('vault.moves.error', { error: moves.error.message })} onRetry={() => void moves.refetch()} retryText={t('vault.retry')} />;
  if (moves.data.length === 0) return <p className="text-base-content/70">{t('vault.moves.none')}</p>;
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label={t('vault.moves.title')}>
      {moves.data.map((m) => (
        <li key={m.id} className="flex flex-wrap gap-x-4 gap-y-1 px-4 py-2 text-sm">
          <span className="min-w-0 flex-1 basis-48">
            {m.from_kind
              ? t('vault.moves.moved', { from: `${t(PLACE_WORDS[m.from_kind])} ${m.from_name ?? ''}`, to: `${t(PLACE_WORDS[m.to_kind])} ${m.to_name}` })
              : t('vault.moves.placed', { to: `${t(PLACE_WORDS[m.to_kind])} ${m.to_name}` })}
          </span>
          <span className="font-mono">{m.tag_number}</span>
          <span className="text-base-content/70">{`${m.moved_by_name ?? ''} · ${centreShortDateTime(m.moved_at, zone)}`}</span>
        </li>
      ))}
    </ul>
  );
}

/** One item in the vault: its tag and place (and moves), label, photos. */
export function ItemPage() {
  const { uuid = '' } = useParams();
  const t = useT('vault');
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const found = useItemWithLoan(uuid);
  if (found.error) return <ErrorAlert message={t('vault.readError', { error: found.error.message })} onRetry={found.retry} retryText={t('vault.retry')} />;
  if (found.loading || !found.data) return <LoadingBlock text={t('vault.loading')} />;
  const { item, loan } = found.data;
  if (!item) return <ErrorAlert message={t('vault.item.missing')} onRetry={found.retry} retryText={t('vault.retry')} />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={item.description}
        text={item.tag_number ? t('vault.item.tagged', { tag: item.tag_number }) : t('vault.item.untagged')}
        action={
          item.tag_number ? (
            <Link to={`/lending/items/${item.uuid}/label`} className="btn">
              {t('vault.label.print')}
            </Link>
          ) : undefined
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <ItemStatusBadge status={item.status} />
        <SyncBadge record={item} />
        {loan && (
          <Link to={`/lending/loans/${loan.uuid}`} className="link">
            {loan.pawn_ticket_number ? t('vault.item.loan', { ticket: loan.pawn_ticket_number }) : t('vault.item.loanUnsent')}
          </Link>
        )}
        {item.place_kind && <span>{t('vault.item.place', { place: `${t(PLACE_WORDS[item.place_kind])} ${item.place_name ?? ''}` })}</span>}
        {item.in_transit && <span className="badge badge-warning" data-testid="item-in-transit">{t('vault.item.inTransit')}</span>}
      </div>
      {canManage && (
        <section aria-labelledby="place-title" className="flex flex-col gap-2">
          <h2 id="place-title" className="text-lg font-semibold">{t('vault.place.title')}</h2>
          <ItemPlaceForm key={`${item.tag_number}-${item.place_kind}-${item.place_name}`} item={item} />
        </section>
      )}
      {canManage && canSend(item) && (
        <section aria-labelledby="send-title" className="flex flex-col gap-2">
          <h2 id="send-title" className="text-lg font-semibold">{t('vault.send.title')}</h2>
          <ItemTransferForm item={item} />
        </section>
      )}
      <section aria-labelledby="photos-title" className="flex flex-col gap-2">
        <h2 id="photos-title" className="text-lg font-semibold">{t('vault.photo.title')}</h2>
        <ItemPhotos itemUuid={item.uuid} canAdd={canManage} />
      </section>
      <section aria-labelledby="moves-title" className="flex flex-col gap-2">
        <h2 id="moves-title" className="text-lg font-semibold">{t('vault.moves.title')}</h2>
        <MoveHistory uuid={item.uuid} version={item.version} />
      </section>
    </div>
  );
}
