import { HttpError } from './http-errors';

// Where uploaded images are kept: one interface, two places (docs/decisions/0328-object-storage.md). DATA_DIR/uploads
// by default; an S3-compatible bucket when S3_BUCKET is set. Everything that stores, serves, removes, sweeps, backs up
// or restores an image goes through an ImageStore (create-image-store.ts makes the configured one) and never asks which
// one it is.

/** The images served at /uploads, and the removed ones kept a day for a backup under way (decision 0190). */
export type ImageArea = 'uploads' | 'removed';

export interface StoredImage {
  name: string;
  size: number;
  /** When it was stored, or moved into its area. */
  modifiedMs: number;
  /** Changes whenever the content does (an HTTP entity tag). */
  etag: string;
}

export interface ImageRead extends StoredImage {
  data: Buffer;
}

export interface ImageStore {
  readonly kind: 'disk' | 's3';
  /** Where the images are, for messages: the uploads folder, or `s3://bucket/uploads/`. */
  readonly where: string;
  /** Makes what the store needs to exist before serving (the folder); nothing for a bucket. */
  prepare(): Promise<void>;
  /** Stores an image (its flat, server-made name) in an area, replacing one of the same name. */
  put(area: ImageArea, name: string, data: Buffer): Promise<void>;
  /** The image and its facts; null when there is none of that name. */
  read(area: ImageArea, name: string): Promise<ImageRead | null>;
  /** Every image in an area (flat names; nothing whose name starts with a dot). */
  list(area: ImageArea): Promise<StoredImage[]>;
  /** Moves an image to another area, its time set to now; false when it was not there. */
  move(name: string, from: ImageArea, to: ImageArea): Promise<boolean>;
  /** Deletes an image; one that is not there is no error. */
  delete(area: ImageArea, name: string): Promise<void>;
  /** Whether no image is served from here (a restore's target must be empty). */
  isEmpty(): Promise<boolean>;
  /** Resolves when images can be stored and read; else throws StorageUnavailable saying why, in words. */
  check(): Promise<void>;
}

/** What a person is told when images cannot be stored or shown (the reason is the operator's: `reason`). */
export const STORAGE_UNAVAILABLE = 'Images cannot be stored or shown right now: their storage cannot be reached. Try again in a few minutes.';

/** The storage failed: 503 to the client, and in `reason` what failed, for the operator (log, start-up, readiness). */
export class StorageUnavailable extends HttpError {
  constructor(readonly reason: string) {
    super(503, STORAGE_UNAVAILABLE, undefined, { 'Retry-After': '60', 'Cache-Control': 'no-store' });
  }
}

/** Flat names only, as storeImage makes them: no folder, nothing hidden. */
export function isStoredName(name: string): boolean {
  return name !== '' && !/[/\\]|^\./.test(name);
}
