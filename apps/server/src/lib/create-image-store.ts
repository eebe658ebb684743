import type { AppConfig } from '../config';
import { DiskImageStore } from './disk-image-store';
import type { ImageStore } from './image-store';
import { S3ImageStore } from './s3-image-store';

/**
 * The image store the configuration chooses (docs/decisions/0328-object-storage.md). Making one touches nothing: the
 * folder or the bucket is reached on first use.
 */
export function createImageStore(config: Pick<AppConfig, 'uploadsDir' | 'storage'>): ImageStore {
  return config.storage.kind === 's3' ? new S3ImageStore(config.storage) : new DiskImageStore(config.uploadsDir);
}
