import type { DB } from '../db/database';
import { referencedUploads } from '../db/upload-references';
import type { ImageStore } from './image-store';
import { removeImage } from './images';

/** The names storeImage makes: a random uuid and the image kind. Nothing else in the folder or bucket is touched. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

/** Files younger than this may belong to a request still under way (stored before its row is written). */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes stored images that no row refers to and that are older than the grace period: files left
 * by a crash between storing an upload and writing (or rolling back) its row, or by a replaced
 * image whose removal did not happen. Returns the removed names.
 */
export async function sweepOrphanUploads(db: DB, images: ImageStore, options: { graceMs?: number; now?: number } = {}): Promise<string[]> {
  const cutoff = (options.now ?? Date.now()) - (options.graceMs ?? SWEEP_GRACE_MS);
  const old = (await images.list('uploads')).filter((i) => STORED_NAME.test(i.name) && i.modifiedMs < cutoff).map((i) => i.name);
  if (old.length === 0) return [];
  const referenced = await referencedUploads(db);
  const orphans = old.filter((n) => !referenced.has(n));
  // Moved aside like any removed image: a backup running now may hold a row that still names it.
  for (const name of orphans) await removeImage(images, name);
  return orphans;
}
