import type { AppConfig } from '../config';
import { createImageStore } from '../lib/create-image-store';
import { DiskImageStore } from '../lib/disk-image-store';
import type { ImageArea, ImageStore } from '../lib/image-store';

// `npm run storage -- to-s3 | to-disk` (docs/decisions/0328-object-storage.md): moves the stored images between
// DATA_DIR/uploads and the bucket the S3_ variables name. Each image is copied, read back and compared, and only then
// deleted where it was; so an interrupted move loses nothing, and running it again finishes it.

export type Direction = 'to-s3' | 'to-disk';

export interface MoveResult {
  from: string;
  to: string;
  /** Images copied by this run. */
  moved: number;
  /** Images already there whole (an earlier, interrupted run copied them): only deleted where they were. */
  already: number;
}

const AREAS: ImageArea[] = ['uploads', 'removed'];

/** The two stores of a move: DATA_DIR/uploads and the configured bucket, in the direction asked. */
export function storesOf(config: AppConfig, direction: Direction): { from: ImageStore; to: ImageStore } {
  if (config.storage.kind !== 's3') {
    throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, UPLOAD_URL_KEY) as the servers have them or will: the images move between DATA_DIR/uploads and that bucket');
  }
  const disk = new DiskImageStore(config.uploadsDir);
  const bucket = createImageStore(config);
  return direction === 'to-s3' ? { from: disk, to: bucket } : { from: bucket, to: disk };
}

/** Moves every image (served and removed) from one store to the other; `progress` hears of each image moved. */
export async function moveImages(from: ImageStore, to: ImageStore, progress: (done: number) => void = () => undefined): Promise<MoveResult> {
  await to.check();
  let moved = 0;
  let already = 0;
  for (const area of AREAS) {
    for (const listed of await from.list(area)) {
      const image = await from.read(area, listed.name);
      // Gone since the listing (a server removed it meanwhile).
      if (!image) continue;
      const there = await to.read(area, listed.name);
      if (there?.data.equals(image.data)) {
        already++;
      } else {
        await to.put(area, listed.name, image.data);
        const copy = await to.read(area, listed.name);
        if (!copy?.data.equals(image.data)) throw new Error(`${listed.name} did not arrive whole in ${to.where}; nothing was deleted: run the command again`);
        moved++;
      }
      await from.delete(area, listed.name);
      progress(moved + already);
    }
  }
  return { from: from.where, to: to.where, moved, already };
}
