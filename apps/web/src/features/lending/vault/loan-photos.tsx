import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import type { LocalItem } from '../../../offline/db';
import { useServerPhotos } from './vault-api';
import { useBlobUrl, useLocalPhotos } from './vault-queries';

function Thumb({ src, status }: { src: string | undefined; status: string }) {
  const t = useT('vault');
  return src ? <img src={src} alt={t('vault.photo.alt')} data-testid="loan-photo" data-status={status} className="h-16 w-16 rounded-box object-cover" /> : null;
}

function KeptThumb({ blob, status }: { blob: Blob; status: string }) {
  return <Thumb src={useBlobUrl(blob)} status={status} />;
}

/** One item's photos as small pictures (this device's first, then the server's others), linked to the item's page. */
function ItemThumbs({ item }: { item: LocalItem }) {
  const t = useT('vault');
  const local = useLocalPhotos(item.uuid);
  const server = useServerPhotos(item.uuid);
  const kept = local.data ?? [];
  const keptUuids = new Set(kept.map((p) => p.uuid));
  const others = (server.data ?? []).filter((p) => !keptUuids.has(p.uuid));
  if (kept.length + others.length === 0) return null;
  return (
    <li className="flex flex-col gap-1">
      <Link to={`/lending/items/${item.uuid}`} className="link text-sm">{t('vault.loanPhotos.of', { item: item.description })}</Link>
      <div className="flex flex-wrap gap-2">
        {kept.map((p) => (
          <KeptThumb key={p.uuid} blob={p.blob} status={p.status} />
        ))}
        {others.map((p) => (
          <Thumb key={p.uuid} src={p.url} status="server" />
        ))}
      </div>
    </li>
  );
}

/** The loan's items' photos on the loan's page (nothing when no item has one). */
export function LoanPhotos({ items }: { items: LocalItem[] }) {
  const t = useT('vault');
  return (
    <ul className="flex flex-col gap-3" aria-label={t('vault.loanPhotos.label')}>
      {items.map((item) => (
        <ItemThumbs key={item.uuid} item={item} />
      ))}
    </ul>
  );
}
