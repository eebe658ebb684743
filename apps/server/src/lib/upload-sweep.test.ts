import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, multipart, PNG_1PX, registerCompany, type TestApp } from '../../test/harness';
import { sweepOrphanUploads, SWEEP_GRACE_MS } from './upload-sweep';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Sweep School');
});
afterAll(async () => t?.close());

/** A file as a crash would leave it: stored, its row never written; aged `ageMs`. */
function strayFile(ageMs: number, ext = 'png'): string {
  const name = `${randomUUID()}.${ext}`;
  const file = path.join(t.config.uploadsDir, name);
  fs.writeFileSync(file, PNG_1PX);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return name;
}

describe('sweeping unreferenced uploads', () => {
  it('removes old files no row names, and keeps referenced, recent and foreign files', async () => {
    const form = multipart({ title: 'Kept' }, { field: 'image', filename: 'p.png', content: PNG_1PX, type: 'image/png' });
    const category = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    const kept = category.json().data.image_path.replace('/uploads/', '');
    const old = new Date(Date.now() - 2 * SWEEP_GRACE_MS);
    fs.utimesSync(path.join(t.config.uploadsDir, kept), old, old);
    const logo = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: `data:image/png;base64,${PNG_1PX.toString('base64')}` } });
    const keptLogo = logo.json().site_logo.replace('/uploads/', '');
    fs.utimesSync(path.join(t.config.uploadsDir, keptLogo), old, old);

    const orphan = strayFile(2 * SWEEP_GRACE_MS);
    const orphanJpg = strayFile(2 * SWEEP_GRACE_MS, 'jpg');
    const recent = strayFile(60_000);
    fs.writeFileSync(path.join(t.config.uploadsDir, 'README.txt'), 'not ours');

    const removed = await sweepOrphanUploads(t.db, t.app.images);
    expect(removed.sort()).toEqual([orphan, orphanJpg].sort());
    const left = fs.readdirSync(t.config.uploadsDir);
    expect(left).toEqual(expect.arrayContaining([kept, keptLogo, recent, 'README.txt']));
    expect(left).not.toContain(orphan);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${kept}` })).statusCode).toBe(200);
  });
});
