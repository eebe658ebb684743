import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '../test/fake-network';
import { db } from './database';
import { runPhotoQueue } from './photo-queue';
import { keepPhoto, photoDatabase, photosOfItem } from './photo-store';
import { enqueue } from './sync-queue';

// The photo queue (decision 0310): sent once, oldest first, resumable, waiting for its item's create.

const net = fakeNetwork(new Date('2026-11-29T08:00:00.000Z'));
const ITEM = '00000000-0000-4000-8000-0000000000a1';
const NEW_ITEM = '00000000-0000-4000-8000-0000000000a9';
const REFUSED_ITEM = '00000000-0000-4000-8000-0000000000a5';
let stored: Map<string, string>;
let calls: string[];

beforeEach(async () => {
  await photoDatabase().photos.clear();
  await db.syncQueue.clear();
  stored = new Map();
  calls = [];
  // The server: a photo is kept once per uuid; a repeat answers the first (200).
  net.fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const form = init?.body as FormData;
    const uuid = String(form.get('uuid'));
    expect(form.get('photo')).toBeInstanceOf(File);
    calls.push(uuid);
    const item = /\/api\/items\/([^/]+)\/photos/.exec(url)?.[1] ?? '';
    if (item === NEW_ITEM && !stored.has('item-created')) return net.json(404, { message: 'Item not found.' });
    if (item === REFUSED_ITEM) return net.json(422, { message: 'The given data was invalid.', errors: { photo: ['Please select an image file'] } });
    const repeat = stored.has(uuid);
    stored.set(uuid, item);
    return net.json(repeat ? 200 : 201, { data: { uuid, item_uuid: item, url: `/uploads/${uuid}.jpg?sig=x`, width: 2, height: 1, created_at: '' } });
  });
});

const photo = (uuid: string, item = ITEM) => keepPhoto({ uuid, item_uuid: item, blob: new Blob([new Uint8Array(3)], { type: 'image/jpeg' }), width: 2, height: 1 });

describe('runPhotoQueue', () => {
  it('sends each waiting photo once, oldest first, and marks it sent', async () => {
    await photo('00000000-0000-4000-8000-000000000001');
    await photo('00000000-0000-4000-8000-000000000002');
    expect(await runPhotoQueue()).toEqual({ sent: 2, stopped: false });
    expect(calls).toEqual(['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']);
    expect((await photosOfItem(ITEM)).map((p) => p.status)).toEqual(['sent', 'sent']);
    expect(await runPhotoQueue()).toEqual({ sent: 0, stopped: false });
    expect(calls).toHaveLength(2);
  });

  it('keeps photos taken offline until the network returns, and resumes after a lost connection', async () => {
    await photo('00000000-0000-4000-8000-000000000003');
    net.online = false;
    expect((await runPhotoQueue()).stopped).toBe(true);
    expect(calls).toEqual([]);
    net.online = true;
    // The connection drops while the photo travels: it waits, and the next run sends it again, stored once.
    net.fetchMock.mockImplementationOnce(async (_input, init) => {
      stored.set(String((init?.body as FormData).get('uuid')), ITEM);
      throw new TypeError('Failed to fetch');
    });
    expect(await runPhotoQueue()).toEqual({ sent: 0, stopped: true });
    expect((await photosOfItem(ITEM))[0].status).toBe('pending');
    expect(await runPhotoQueue()).toEqual({ sent: 1, stopped: false });
    expect([...stored.keys()]).toEqual(['00000000-0000-4000-8000-000000000003']);
    expect((await photosOfItem(ITEM))[0].status).toBe('sent');
  });

  it("waits while its item's create is unsent, and keeps a refused photo with the server's words", async () => {
    await db.transaction('rw', db.syncQueue, () => enqueue('CREATE_ITEM', { uuid: NEW_ITEM, loan_uuid: '00000000-0000-4000-8000-0000000000b1', description: 'Ring', appraisal_value: 100 }));
    await photo('00000000-0000-4000-8000-000000000004', NEW_ITEM);
    await photo('00000000-0000-4000-8000-000000000005', REFUSED_ITEM);
    expect(await runPhotoQueue()).toEqual({ sent: 0, stopped: false });
    expect(calls).toEqual(['00000000-0000-4000-8000-000000000005']);
    expect((await photosOfItem(REFUSED_ITEM))[0]).toMatchObject({ status: 'refused', error: 'The given data was invalid.' });
    await db.syncQueue.toCollection().modify({ status: 'completed' });
    stored.set('item-created', '');
    expect(await runPhotoQueue()).toEqual({ sent: 1, stopped: false });
    expect((await photosOfItem(NEW_ITEM))[0].status).toBe('sent');
  });
});
