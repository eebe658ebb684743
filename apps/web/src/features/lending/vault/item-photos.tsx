import type { ItemPhoto } from '@kalinga/contracts/lending/vault';
import { useT } from '../../../lib/i18n';
import { reduceImage } from '../../../lib/reduce-image';
import { runPhotoQueue } from '../../../offline/photo-queue';
import { keepPhoto, type LocalPhoto } from '../../../offline/photo-store';
import { PhotoFileInput } from './photo-file-input';
import { usePhotoPicker } from './photo-picker';
import { useServerPhotos } from './vault-api';
import { useBlobUrl, useLocalPhotos } from './vault-queries';

function KeptPhoto({ photo }: { photo: LocalPhoto }) {
  const t = useT('vault');
  const url = useBlobUrl(photo.blob);
  const state = photo.status === 'sent' ? t('vault.photo.sent') : photo.status === 'refused' ? t('vault.photo.refused', { error: photo.error ?? '' }) : t('vault.photo.waiting');
  return (
    <figure className="flex flex-col gap-1" data-testid="item-photo" data-status={photo.status}>
      {url && <img src={url} alt={t('vault.photo.alt')} className="aspect-square w-full rounded-box object-cover" />}
      <figcaption className={`text-xs ${photo.status === 'refused' ? 'text-error' : 'text-base-content/70'}`}>{state}</figcaption>
    </figure>
  );
}

function ServerPhoto({ photo }: { photo: ItemPhoto }) {
  const t = useT('vault');
  return (
    <figure className="flex flex-col gap-1" data-testid="item-photo" data-status="server">
      <img src={photo.url} alt={t('vault.photo.alt')} className="aspect-square w-full rounded-box object-cover" />
    </figure>
  );
}

/** The item's photos: this device's (sent or waiting) and the server's others; a new one from the camera or a file. */
export function ItemPhotos({ itemUuid, canAdd }: { itemUuid: string; canAdd: boolean }) {
  const t = useT('vault');
  const local = useLocalPhotos(itemUuid);
  const server = useServerPhotos(itemUuid);
  const { input, error, busy, pick: add } = usePhotoPicker(async (files) => {
    for (const file of files) {
      const reduced = await reduceImage(file);
      await keepPhoto({ uuid: crypto.randomUUID(), item_uuid: itemUuid, ...reduced });
    }
    void runPhotoQueue();
  });

  const kept = local.data ?? [];
  const keptUuids = new Set(kept.map((p) => p.uuid));
  const others = (server.data ?? []).filter((p) => !keptUuids.has(p.uuid));
  return (
    <div className="flex flex-col gap-3">
      {canAdd && (
        <PhotoFileInput label={t('vault.photo.add')} labelClassName="text-sm font-medium" hint={t('vault.photo.hint')} inputRef={input} busy={busy} onFiles={(files) => void add(files)} />
      )}
      {error && <p role="alert" className="text-error">{error}</p>}
      {local.error && <p role="alert" className="text-error">{t('vault.readError', { error: local.error.message })}</p>}
      {server.isError && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/70">
          {t('vault.photo.serverUnavailable')}
          <button type="button" className="btn btn-xs" onClick={() => void server.refetch()}>
            {t('vault.retry')}
          </button>
        </p>
      )}
      {local.loading ? (
        <span className="loading loading-spinner" aria-label={t('vault.loading')} />
      ) : kept.length + others.length === 0 ? (
        <p className="text-base-content/70">{t('vault.photo.none')}</p>
      ) : (
        <div className="grid grid-cols-3 gap-3 sm:grid-cols-5">
          {kept.map((p) => (
            <KeptPhoto key={p.uuid} photo={p} />
          ))}
          {others.map((p) => (
            <ServerPhoto key={p.uuid} photo={p} />
          ))}
        </div>
      )}
    </div>
  );
}
