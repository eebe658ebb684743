import { randomUUID } from 'node:crypto';
import { tooLarge, unprocessable } from './http-errors';
import { type DeclaredType, inspectImage } from './image-check';
import { type ImageStore, isStoredName, StorageUnavailable } from './image-store';

/** Largest image accepted anywhere (product-rules.md#constants: 2 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Please select an image file';
export const TOO_LARGE = 'The image may not be greater than 2 MB.';
export const URL_PREFIX = '/uploads/';

/**
 * Checks an uploaded image (content type, structure, dimensions, declared type: image-check.ts) and
 * stores it (`app.images`: DATA_DIR/uploads or the bucket, image-store.ts) with a server-made name; returns that
 * name. Bytes after the image data are not stored.
 */
export async function storeImage(images: ImageStore, buf: Buffer, field = 'image', declared: DeclaredType = {}): Promise<string> {
  if (buf.length > MAX_IMAGE_BYTES) throw tooLarge(TOO_LARGE);
  const checked = inspectImage(buf, declared);
  if (checked.kind === 'not-image') throw unprocessable({ [field]: [NOT_AN_IMAGE] });
  if (checked.kind === 'refused') throw unprocessable({ [field]: [checked.message] });
  const name = `${randomUUID()}.${checked.kind}`;
  await images.put('uploads', name, checked.data);
  return name;
}

/** Removed images are deleted by the daily housekeeping once they have waited this long. */
export const REMOVED_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Removes a stored image from those served; a missing one is not an error (it may have been removed already). It
 * waits a day among the removed images before housekeeping deletes it, so a backup whose database snapshot was
 * taken before the removal still finds the image its rows name (docs/decisions/0190-backups-and-restore.md).
 * Storage out of reach does not fail the write that removed it (its rows are already committed): the image stays,
 * no row names it, and the upload sweep removes it later (upload-sweep.ts).
 */
export async function removeImage(images: ImageStore, name: string | null | undefined): Promise<void> {
  if (!name || !isStoredName(name) || name.includes('..')) return;
  await images.move(name, 'uploads', 'removed').catch((err: unknown) => {
    if (!(err instanceof StorageUnavailable)) throw err;
  });
}

/** Deletes the removed images that waited REMOVED_KEPT_MS; returns how many. */
export async function deleteRemovedImages(images: ImageStore, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (const image of await images.list('removed')) {
    if (now - image.modifiedMs >= REMOVED_KEPT_MS) {
      await images.delete('removed', image.name);
      deleted++;
    }
  }
  return deleted;
}

/** Decodes a `data:image/...;base64,` string (the site logo) and stores it like any upload. */
export async function storeDataUrlImage(images: ImageStore, dataUrl: string, field: string): Promise<string> {
  const match = /^data:([^;,]*);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw unprocessable({ [field]: [NOT_AN_IMAGE] });
  return storeImage(images, Buffer.from(match[2], 'base64'), field, { mimetype: match[1] });
}

export function publicFileUrl(name: string | null | undefined): string | null {
  return name ? `${URL_PREFIX}${name}` : null;
}
