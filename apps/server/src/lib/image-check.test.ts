import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, multipart, PNG_1PX, registerCompany, type TestApp } from '../../test/harness';
import { GIF_16PX, JPG_16PX, WEBP_16PX } from '../../test/images';
import { gradientPng } from '../seed/png';
import { DAMAGED_IMAGE, inspectImage, TOO_MANY_PIXELS, TYPE_MISMATCH } from './image-check';

/** A PNG whose header claims width×height, with one tiny (undecodable) data chunk: small file, huge image. */
function claimedPng(width: number, height: number): Buffer {
  const png = Buffer.from(gradientPng(1, 1, [0, 0, 0], [0, 0, 0]));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

const HTML = Buffer.from('<html><script>alert(document.domain)</script></html>');

describe('inspectImage', () => {
  it('accepts real PNG, JPEG, GIF and WebP files as they are', () => {
    for (const [buf, kind] of [
      [PNG_1PX, 'png'],
      [JPG_16PX, 'jpg'],
      [GIF_16PX, 'gif'],
      [WEBP_16PX, 'webp'],
      [gradientPng(480, 270, [10, 20, 30], [200, 100, 50]), 'png'],
    ] as const) {
      const result = inspectImage(buf);
      expect(result).toMatchObject({ kind });
      expect((result as { data: Buffer }).data.equals(buf)).toBe(true);
    }
  });

  it('refuses images over 4096 pixels on a side, whatever their file size', () => {
    expect(inspectImage(claimedPng(20_000, 20_000))).toEqual({ kind: 'refused', message: TOO_MANY_PIXELS });
    expect(inspectImage(claimedPng(4097, 10))).toEqual({ kind: 'refused', message: TOO_MANY_PIXELS });
    expect(inspectImage(claimedPng(4096, 4096))).toMatchObject({ kind: 'png' });
  });

  it('drops whatever is appended after the image data (polyglots)', () => {
    for (const image of [PNG_1PX, JPG_16PX, GIF_16PX, WEBP_16PX]) {
      const result = inspectImage(Buffer.concat([image, HTML]));
      expect((result as { data: Buffer }).data.equals(image)).toBe(true);
    }
  });

  it('refuses a file whose declared type or image extension disagrees with its content', () => {
    expect(inspectImage(PNG_1PX, { mimetype: 'image/gif' })).toEqual({ kind: 'refused', message: TYPE_MISMATCH });
    expect(inspectImage(PNG_1PX, { filename: 'photo.jpg' })).toEqual({ kind: 'refused', message: TYPE_MISMATCH });
    expect(inspectImage(JPG_16PX, { mimetype: 'image/jpeg', filename: 'photo.JPEG' })).toMatchObject({ kind: 'jpg' });
    expect(inspectImage(PNG_1PX, { mimetype: 'application/octet-stream', filename: 'blob' })).toMatchObject({ kind: 'png' });
  });

  it('refuses truncated or malformed files and non-images', () => {
    expect(inspectImage(PNG_1PX.subarray(0, 40))).toEqual({ kind: 'refused', message: DAMAGED_IMAGE });
    expect(inspectImage(JPG_16PX.subarray(0, 200))).toEqual({ kind: 'refused', message: DAMAGED_IMAGE });
    expect(inspectImage(GIF_16PX.subarray(0, 100))).toEqual({ kind: 'refused', message: DAMAGED_IMAGE });
    expect(inspectImage(Buffer.from('GIF89a'))).toEqual({ kind: 'refused', message: DAMAGED_IMAGE });
    expect(inspectImage(HTML)).toEqual({ kind: 'not-image' });
    expect(inspectImage(deflateSync(HTML))).toEqual({ kind: 'not-image' });
  });
});

describe('image uploads through the API', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t.app, 'Pixel School');
  });
  afterAll(async () => t?.close());

  const upload = (content: Buffer, filename = 'pic.png', type = 'image/png') => {
    const form = multipart({ title: 'With image' }, { field: 'image', filename, content, type });
    return t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
  };

  it('a 20000×20000 PNG is refused with 422 and a sentence; nothing is stored', async () => {
    const before = fs.readdirSync(t.config.uploadsDir).length;
    const res = await upload(claimedPng(20_000, 20_000));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.image).toEqual([TOO_MANY_PIXELS]);
    expect(fs.readdirSync(t.config.uploadsDir)).toHaveLength(before);
  });

  it('a PNG with a page appended is stored without it', async () => {
    const res = await upload(Buffer.concat([PNG_1PX, HTML]));
    expect(res.statusCode).toBe(201);
    const stored = fs.readFileSync(path.join(t.config.uploadsDir, res.json().data.image_path.replace('/uploads/', '')));
    expect(stored.equals(PNG_1PX)).toBe(true);
  });

  it('a PNG sent as image/gif is refused', async () => {
    const res = await upload(PNG_1PX, 'pic.gif', 'image/gif');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.image).toEqual([TYPE_MISMATCH]);
  });

  it('a data-URL logo is checked the same way', async () => {
    const logo = `data:image/png;base64,${claimedPng(9000, 9000).toString('base64')}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: admin.headers, payload: { site_logo: logo } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.site_logo).toEqual([TOO_MANY_PIXELS]);
  });
});
