import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { detectImage } from '../lib/image-check';
import { gradientPng } from './png';
import { seedFoundation } from './seed-foundation';
import { seedLibrary } from './seed-library';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('library demo data', () => {
  it('makes real PNGs', () => {
    const png = gradientPng(16, 9, [0, 0, 0], [255, 255, 255]);
    expect(detectImage(png)).toBe('png');
    expect(png.readUInt32BE(16)).toBe(16);
    expect(png.readUInt32BE(20)).toBe(9);
  });

  it('seeds 6–8 categories and a dozen resources, published and drafts, some with image files', async () => {
    const ctx = await seedFoundation(t.db);
    await seedLibrary(t.db, t.config, ctx);
    const cats = await t.db.selectFrom('categories').selectAll().where('company_id', '=', ctx.company.id).execute();
    expect(cats.length).toBeGreaterThanOrEqual(6);
    expect(cats.length).toBeLessThanOrEqual(8);
    const res = await t.db.selectFrom('resources').selectAll().where('company_id', '=', ctx.company.id).execute();
    expect(res.length).toBeGreaterThanOrEqual(12);
    expect(res.some((r) => r.is_published === 1)).toBe(true);
    expect(res.some((r) => r.is_published === 0)).toBe(true);
    const images = [...cats, ...res].map((r) => r.image_path).filter((p): p is string => p !== null);
    expect(images.length).toBeGreaterThan(4);
    for (const name of images) expect(detectImage(fs.readFileSync(path.join(t.config.uploadsDir, name)))).toBe('png');
    const links = await t.db.selectFrom('category_resource').select('resource_id').execute();
    expect(new Set(links.map((l) => l.resource_id)).size).toBe(res.length);
  });
});
