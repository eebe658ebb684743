import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskImageStore, removedUploadsDir } from './disk-image-store';
import { deleteRemovedImages, REMOVED_KEPT_MS, removeImage } from './images';

// A removed image waits a day beside the uploads folder before it is deleted: a backup whose snapshot still names it
// finds it there (docs/decisions/0190-backups-and-restore.md).

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kalinga-removed-'));
const uploads = path.join(root, 'uploads');
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('removed images', () => {
  it('leave the served folder at once, wait a day, then go', async () => {
    fs.mkdirSync(uploads, { recursive: true });
    const name = '0f6b8f0a-9b11-4c43-9a39-6f1c1e397d1b.png';
    fs.writeFileSync(path.join(uploads, name), 'png');
    const images = new DiskImageStore(uploads);
    await removeImage(images, name);
    await removeImage(images, name);
    expect(fs.existsSync(path.join(uploads, name))).toBe(false);
    expect(fs.readFileSync(path.join(removedUploadsDir(uploads), name), 'utf8')).toBe('png');
    expect(await deleteRemovedImages(images, Date.now())).toBe(0);
    expect(await deleteRemovedImages(images, Date.now() + REMOVED_KEPT_MS + 1000)).toBe(1);
    expect(fs.readdirSync(removedUploadsDir(uploads))).toEqual([]);
  });
});
