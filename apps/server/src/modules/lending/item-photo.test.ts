import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencedUploads } from '../../db/upload-references';
import { type Actor, multipart, PNG_1PX } from '../../../test/harness';
import { JPG_16PX } from '../../../test/images';
import { lendingWorld, type LendingWorld, makeLoan } from '../../../test/lending/lending-helpers';

// Items' photos (decision 0310): sent once however often the queue repeats them, served only signed, in backups.

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

function send(actor: Actor, itemUuid: string, uuid: string, file?: Buffer, type = 'image/jpeg', key = randomUUID()) {
  const form = multipart({ uuid }, file ? { field: 'photo', filename: `photo.${type.split('/')[1]}`, content: file, type } : undefined);
  return w.t.app.inject({ method: 'POST', url: `/api/items/${itemUuid}/photos`, headers: { ...actor.headers, ...form.headers, 'idempotency-key': key }, payload: form.payload });
}

const storedFiles = () => fs.readdirSync(w.t.app.config.uploadsDir).length;

describe('POST /api/items/:uuid/photos', () => {
  it('stores a photo once: a repeat (same photo uuid, even under a new key, even at once) answers the first and stores nothing', async () => {
    const item = (await makeLoan(w)).items[0].uuid;
    const uuid = randomUUID();
    const res = await send(w.admin, item, uuid, JPG_16PX);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ uuid, item_uuid: item, width: 16, height: 16 });
    const files = storedFiles();
    const again = await send(w.admin, item, uuid, JPG_16PX);
    expect([again.statusCode, again.json().data.uuid]).toEqual([200, uuid]);
    const twin = randomUUID();
    const both = await Promise.all([send(w.admin, item, twin, JPG_16PX), send(w.admin, item, twin, JPG_16PX)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(storedFiles()).toBe(files + 1);
    const rows = await w.t.db.selectFrom('item_photos').select('uuid').where('item_uuid', '=', item).execute();
    expect(rows.map((r) => r.uuid).sort()).toEqual([uuid, twin].sort());
    const list = await w.t.app.inject({ method: 'GET', url: `/api/items/${item}/photos`, headers: w.viewer.headers });
    expect(list.json().data.map((p: { uuid: string }) => p.uuid)).toEqual([uuid, twin]);
  });

  it('serves a photo only by its signed URL, and the backups find its file', async () => {
    const item = (await makeLoan(w)).items[0].uuid;
    const res = await send(w.admin, item, randomUUID(), PNG_1PX, 'image/png');
    const url: string = res.json().data.url;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]+\.png\?exp=\d+&sig=/);
    const signed = await w.t.app.inject({ method: 'GET', url });
    expect([signed.statusCode, signed.headers['content-type']]).toEqual([200, 'image/png']);
    expect(signed.headers['cache-control']).toContain('private');
    const bare = url.split('?')[0];
    expect((await w.t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
    expect(await referencedUploads(w.t.db)).toContain(path.posix.basename(bare));
  });

  it("refuses no image (422), a bad uuid (422), a viewer (403), another company's item (404) or photo uuid (422)", async () => {
    const item = (await makeLoan(w)).items[0].uuid;
    const none = await send(w.admin, item, randomUUID());
    expect([none.statusCode, Object.keys(none.json().errors)]).toEqual([422, ['photo']]);
    const text = await send(w.admin, item, randomUUID(), Buffer.from('not an image at all'), 'text/plain');
    expect(text.statusCode).toBe(422);
    expect((await send(w.admin, item, 'nope', JPG_16PX)).statusCode).toBe(422);
    expect((await send(w.viewer, item, randomUUID(), JPG_16PX)).statusCode).toBe(403);
    expect((await send(w.other, item, randomUUID(), JPG_16PX)).statusCode).toBe(404);
    expect((await w.t.app.inject({ method: 'GET', url: `/api/items/${item}/photos`, headers: w.other.headers })).statusCode).toBe(404);
    const mine = randomUUID();
    await send(w.admin, item, mine, JPG_16PX);
    const theirs = (await makeLoan({ ...w, admin: w.other, category: w.otherCategory }, {}, w.other)).items[0].uuid;
    expect((await send(w.other, theirs, mine, JPG_16PX)).statusCode).toBe(422);
  });
});
