import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { tooLarge, unprocessable } from './http-errors';
import { type DeclaredType, inspectImage } from './image-check';

/** Largest image accepted anywhere (product-rules.md#constants: 2 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Please select an image file';
export const TOO_LARGE = 'The image may not be greater than 2 MB.';
export const URL_PREFIX = '/uploads/';

/**
 * Checks an uploaded image (content type, structure, dimensions, declared type: image-check.ts) and
 * writes it under DATA_DIR/uploads with a server-made name; returns that name. Bytes after the image
 * data are not stored.
 */
export async function storeImage(uploadsDir: string, buf: Buffer, field = 'image', declared: DeclaredType = {}): Promise<string> {
  if (buf.length > MAX_IMAGE_BYTES) throw tooLarge(TOO_LARGE);
  const checked = inspectImage(buf, declared);
  if (checked.kind === 'not-image') throw unprocessable({ [field]: [NOT_AN_IMAGE] });
  if (checked.kind === 'refused') throw unprocessable({ [field]: [checked.message] });
  const name = `${randomUUID()}.${checked.kind}`;
  await fs.mkdir(uploadsDir, { recursive: true });
  await fs.writeFile(path.join(uploadsDir, name), checked.data);
  return name;
}

/** Where removed images wait a day before they are deleted: beside the uploads folder, never served. */
export function removedUploadsDir(uploadsDir: string): string {
  return path.join(path.dirname(uploadsDir), 'uploads-removed');
}

/** Removed images are deleted by the daily housekeeping once they have waited this long. */
export const REMOVED_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Removes a stored image from the served folder; a missing file is not an error (it may have been removed already).
 * The file waits a day in removedUploadsDir before housekeeping deletes it, so a backup whose database snapshot was
 * taken before the removal still finds the image its rows name (docs/decisions/0190-backups-and-restore.md).
 */
export async function removeImage(uploadsDir: string, name: string | null | undefined): Promise<void> {
  if (!name || name.includes('/') || name.includes('..')) return;
  const removed = removedUploadsDir(uploadsDir);
  await fs.mkdir(removed, { recursive: true });
  try {
    await fs.rename(path.join(uploadsDir, name), path.join(removed, name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const now = new Date();
  await fs.utimes(path.join(removed, name), now, now).catch(() => undefined);
}

/** Deletes the removed images that waited REMOVED_KEPT_MS; returns how many. */
export async function deleteRemovedImages(uploadsDir: string, now = Date.now()): Promise<number> {
  const removed = removedUploadsDir(uploadsDir);
  const names = await fs.readdir(removed).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const st = await fs.stat(path.join(removed, name)).catch(() => null);
    if (st?.isFile() && now - st.mtimeMs >= REMOVED_KEPT_MS) {
      await fs.rm(path.join(removed, name), { force: true });
      deleted++;
    }
  }
  return deleted;
}

/** Decodes a `data:image/...;base64,` string (the site logo) and stores it like any upload. */
export async function storeDataUrlImage(uploadsDir: string, dataUrl: string, field: string): Promise<string> {
  const match = /^data:([^;,]*);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw unprocessable({ [field]: [NOT_AN_IMAGE] });
  return storeImage(uploadsDir, Buffer.from(match[2], 'base64'), field, { mimetype: match[1] });
}

export function publicFileUrl(name: string | null | undefined): string | null {
  return name ? `${URL_PREFIX}${name}` : null;
}
