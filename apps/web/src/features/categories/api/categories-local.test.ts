import 'fake-indexeddb/auto';
import type { CategoryListReply } from '@kalinga/contracts/categories';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fakeLendingServer } from '../../../test/fake-lending-server';
import { fakeNetwork } from '../../../test/fake-network';
import { clearStore, keepSynced, serverCategory } from '../../../test/lending-fixtures';
import { createCategory, updateCategory } from './categories-local';
import { listCategories } from './categories-store';
import { db } from '../../../offline/database';
import { resumeQueue } from '../../../offline/queue-runner';

const net = fakeNetwork(new Date('2026-11-23T08:00:00.000Z'));
const stored = serverCategory();
const params = { page: 1, perPage: 10, search: '' };
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

function serverList(rows = [stored]): CategoryListReply {
  return { data: rows, meta: { current_page: 1, last_page: 1, per_page: 10, total: rows.length, from: 1, to: rows.length } };
}

beforeEach(async () => {
  await clearStore();
  resumeQueue();
});

describe('offline', () => {
  beforeEach(() => {
    net.online = false;
  });

  it('a new category is kept pending with its CREATE_CATEGORY entry (JSON with the uuid, the image as a data URL)', async () => {
    const made = await createCategory({ title: ' Gadgets ', description: '', image: png() });
    expect(made).toMatchObject({ title: 'Gadgets', sync_status: 'pending', image_path: 'data:image/png;base64,iVBORw==' });
    const [entry] = await db.syncQueue.toArray();
    expect(entry).toMatchObject({ operation: 'CREATE_CATEGORY', status: 'pending', data: { uuid: made.uuid, title: 'Gadgets', image: 'data:image/png;base64,iVBORw==' } });
    expect(net.fetchMock).not.toHaveBeenCalled();
    const list = await listCategories(params);
    expect(list.data.map((c) => [c.title, (c as { sync_status?: string }).sync_status])).toEqual([['Gadgets', 'pending']]);
  });

  it('an edit of a kept category is pending and queued as UPDATE_CATEGORY', async () => {
    await keepSynced({ categories: [stored] });
    const edited = await updateCategory(stored.uuid, { title: 'Fine jewelry', description: 'Rings', image: null });
    expect(edited).toMatchObject({ title: 'Fine jewelry', id: stored.id, sync_status: 'pending' });
    expect((await db.syncQueue.toArray())[0]).toMatchObject({ operation: 'UPDATE_CATEGORY', data: { uuid: stored.uuid, title: 'Fine jewelry', description: 'Rings' } });
  });

  it('the device list searches and pages, newest first', async () => {
    for (const n of [1, 2, 3]) await keepSynced({ categories: [serverCategory({ id: n, uuid: `u${n}`, title: `Cat ${n}`, created_at: `2026-11-0${n}T00:00:00.000Z` })] });
    const page = await listCategories({ page: 1, perPage: 2, search: 'cat' });
    expect(page.data.map((c) => c.title)).toEqual(['Cat 3', 'Cat 2']);
    expect(page.meta).toMatchObject({ total: 3, last_page: 2 });
  });

  it('a title left blank is refused with the field message, nothing kept', async () => {
    const error = await createCategory({ title: '  ', description: '', image: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual({ title: ['The title field is required.'] });
    expect(await db.categories.count()).toBe(0);
  });
});

describe('online', () => {
  it('a new category is sent at once and comes back synced with its id', async () => {
    const server = fakeLendingServer(net.fetchMock);
    const made = await createCategory({ title: 'Gadgets', description: 'Phones', image: null });
    expect(server.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/categories']);
    expect(server.seen[0].body).toMatchObject({ uuid: made.uuid, title: 'Gadgets', description: 'Phones' });
    expect(made).toMatchObject({ sync_status: 'synced', id: expect.any(Number) });
  });

  it('lists the server page, keeps it on the device, and shows unsent changes over it', async () => {
    net.online = false;
    await keepSynced({ categories: [stored] });
    await updateCategory(stored.uuid, { title: 'Edited here', description: '', image: null });
    const unsent = await createCategory({ title: 'Made here', description: '', image: null });
    net.online = true;
    net.fetchMock.mockResolvedValue(net.json(200, serverList([serverCategory({ title: 'Server title' }), serverCategory({ id: 8, uuid: 'other', title: 'Other' })])));
    const list = await listCategories(params);
    expect(list.data.map((c) => c.title)).toEqual(['Made here', 'Edited here', 'Other']);
    expect(list.meta.total).toBe(3);
    expect(await db.categories.get('other')).toMatchObject({ sync_status: 'synced', title: 'Other' });
    expect(unsent.sync_status).toBe('pending');
  });

  it('falls back to the device when the request gets no answer', async () => {
    await keepSynced({ categories: [stored] });
    net.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await listCategories(params)).data.map((c) => c.title)).toEqual(['Jewelry']);
  });
});
