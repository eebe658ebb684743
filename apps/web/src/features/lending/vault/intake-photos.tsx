import { useT } from '../../../lib/i18n';
import { reduceImage, type ReducedImage } from '../../../lib/reduce-image';
import { runPhotoQueue } from '../../../offline/photo-queue';
import { keepPhoto } from '../../../offline/photo-store';
import { PhotoFileInput } from './photo-file-input';
import { usePhotoPicker } from './photo-picker';
import { useBlobUrl } from './vault-queries';

// Photos taken at intake, on the new ticket's form (docs/decisions/0310-item-photos.md): reduced on the device while
// the ticket is written, kept with its items once it is saved, and sent by the photo queue after the ticket's own
// entry, so offline too.

/** The photos each item row of a new ticket took, by the row's key (its item's uuid once saved). */
export type IntakePhotoDrafts = Record<string, ReducedImage[]>;

/** Keeps the rows' photos for the items the ticket saved (row key → item uuid), then starts the photo queue. */
export async function keepIntakePhotos(drafts: IntakePhotoDrafts, itemUuidOf: (rowKey: string) => string | undefined): Promise<number> {
  let kept = 0;
  for (const [key, photos] of Object.entries(drafts)) {
    const item = itemUuidOf(key);
    if (!item) continue;
    for (const photo of photos) {
      await keepPhoto({ uuid: crypto.randomUUID(), item_uuid: item, ...photo });
      kept++;
    }
  }
  if (kept > 0) void runPhotoQueue();
  return kept;
}

function Thumb({ photo, label, onRemove, removeLabel }: { photo: ReducedImage; label: string; onRemove: () => void; removeLabel: string }) {
  const url = useBlobUrl(photo.blob);
  return (
    <figure className="flex flex-col items-start gap-1" data-testid="intake-photo">
      {url && <img src={url} alt={label} className="size-16 rounded-box object-cover" />}
      <button type="button" className="btn btn-ghost btn-xs" onClick={onRemove} aria-label={removeLabel}>{removeLabel}</button>
    </figure>
  );
}

/** One item row's photos at intake: from the camera or a file, shown small, removable before the ticket is saved. */
export function IntakePhotos({ id, n, photos, onChange }: { id: string; n: number; photos: ReducedImage[]; onChange: (photos: ReducedImage[]) => void }) {
  const t = useT('vault');
  const { input, error, busy, pick } = usePhotoPicker(async (files) => {
    const reduced: ReducedImage[] = [];
    for (const file of files) reduced.push(await reduceImage(file));
    onChange([...photos, ...reduced]);
  });
  return (
    <div className="flex flex-col gap-1 sm:col-span-full">
      <PhotoFileInput id={`${id}-photo`} label={t('vault.intake.add', { n })} labelClassName="text-sm" inputRef={input} multiple busy={busy} onFiles={(files) => void pick(files)} />
      {error && <p role="alert" className="text-sm text-error">{error}</p>}
      {photos.length > 0 && (
        <div className="flex flex-wrap gap-2" aria-label={t('vault.intake.taken', { n, count: photos.length })} role="group">
          {photos.map((p, i) => (
            <Thumb key={i} photo={p} label={t('vault.intake.alt', { n, i: i + 1 })} removeLabel={t('vault.intake.remove', { n, i: i + 1 })} onRemove={() => onChange(photos.filter((_, j) => j !== i))} />
          ))}
        </div>
      )}
    </div>
  );
}
