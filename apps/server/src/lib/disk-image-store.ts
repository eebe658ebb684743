import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type ImageArea, type ImageRead, type ImageStore, isStoredName, type StoredImage, StorageUnavailable } from './image-store';

/** Where removed images wait a day before they are deleted: beside the uploads folder, never served (decision 0190). */
export function removedUploadsDir(uploadsDir: string): string {
  return path.join(path.dirname(uploadsDir), 'uploads-removed');
}

/** A weak entity tag of size and time, as @fastify/static (send) made for the same files. */
function etagOf(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

const missing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

/** The images in DATA_DIR/uploads, the removed ones in DATA_DIR/uploads-removed: how Kalinga kept them before buckets. */
export class DiskImageStore implements ImageStore {
  readonly kind = 'disk';
  readonly where: string;

  constructor(private readonly uploadsDir: string) {
    this.where = uploadsDir;
  }

  private folder(area: ImageArea): string {
    return area === 'uploads' ? this.uploadsDir : removedUploadsDir(this.uploadsDir);
  }

  private file(area: ImageArea, name: string): string {
    if (!isStoredName(name)) throw new Error(`Not a stored image's name: ${JSON.stringify(name)}`);
    return path.join(this.folder(area), name);
  }

  async prepare(): Promise<void> {
    await fs.mkdir(this.uploadsDir, { recursive: true });
  }

  /** Written aside under a hidden name and renamed into place: a reader (or an interrupted move) never sees half a file. */
  async put(area: ImageArea, name: string, data: Buffer): Promise<void> {
    const file = this.file(area, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(path.dirname(file), `.${name}.${randomBytes(4).toString('hex')}`);
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async read(area: ImageArea, name: string): Promise<ImageRead | null> {
    const file = this.file(area, name);
    try {
      const st = await fs.stat(file);
      if (!st.isFile()) return null;
      const data = await fs.readFile(file);
      return { name, data, size: data.length, modifiedMs: st.mtimeMs, etag: etagOf(st.size, st.mtimeMs) };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async list(area: ImageArea): Promise<StoredImage[]> {
    const folder = this.folder(area);
    const names = await fs.readdir(folder).catch((err: unknown) => {
      if (missing(err)) return [] as string[];
      throw err;
    });
    const out: StoredImage[] = [];
    for (const name of names) {
      if (!isStoredName(name)) continue;
      const st = await fs.stat(path.join(folder, name)).catch(() => null);
      if (st?.isFile()) out.push({ name, size: st.size, modifiedMs: st.mtimeMs, etag: etagOf(st.size, st.mtimeMs) });
    }
    return out;
  }

  async move(name: string, from: ImageArea, to: ImageArea): Promise<boolean> {
    const target = this.file(to, name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(this.file(from, name), target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
    const now = new Date();
    await fs.utimes(target, now, now).catch(() => undefined);
    return true;
  }

  async delete(area: ImageArea, name: string): Promise<void> {
    await fs.rm(this.file(area, name), { force: true });
  }

  async isEmpty(): Promise<boolean> {
    const held = await fs.readdir(this.uploadsDir).catch((err: unknown) => {
      if (missing(err)) return [] as string[];
      throw err;
    });
    return held.length === 0;
  }

  async check(): Promise<void> {
    try {
      await this.prepare();
      await fs.access(this.uploadsDir, fs.constants.R_OK | fs.constants.W_OK);
    } catch (err) {
      throw new StorageUnavailable(`The uploads folder ${this.uploadsDir} cannot be written (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
  }
}
