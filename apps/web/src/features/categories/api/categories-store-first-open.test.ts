import 'fake-indexeddb/auto';
import type { CategoryListReply } from '@kalinga/contracts/categories';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalCategory } from '../../../offline/db';
import { fakeNetwork } from '../../../test/fake-network';
import { serverCategory } from '../../../test/lending-fixtures';

// Whether the device's code (the offline store, with the local database's chunk) has been asked for.
const asked = { deviceCode: 0 };

const net = fakeNetwork(new Date('2026-11-23T09:00:00Z'));
const reply: CategoryListReply = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null } };
const params = { page: 1, perPage: 10, search: '' };
const titles = (list: CategoryListReply) => list.data.map((c) => c.title);

/** A category made on this device and not sent yet. */
async function madeHere(): Promise<void> {
  const { db } = await import('../../../offline/database');
  await db.categories.clear();
  await db.categories.put({ ...serverCategory({ title: 'Made here' }), id: undefined, uuid: 'made-here', sync_status: 'pending' } as unknown as LocalCategory);
}

// Each test starts as a page does: the store fresh, its device code not asked for yet.
beforeEach(() => {
  vi.resetModules();
  asked.deviceCode = 0;
  vi.doMock('./categories-local', async (importOriginal) => {
    asked.deviceCode += 1;
    return importOriginal();
  });
});

describe("a first open of Categories: the device's code after the first picture (decision 0371, helper i)", () => {
  // It was asked for beside the list's request (decision 0363): on a first open its ~43 KB shared the line with the
  // first card's picture, the largest paint.
  it('online, the answer is drawn and the device code is asked for only once the screen is shown; then the unsent changes are drawn over it', async () => {
    await madeHere();
    asked.deviceCode = 0;
    net.fetchMock.mockImplementation(async () => net.json(200, reply));
    const { listCategories, categoriesScreenShown } = await import('./categories-store');
    const redraw = vi.fn();
    await expect(listCategories(params, redraw)).resolves.toEqual(reply);
    expect(String(net.fetchMock.mock.calls[0]?.[0])).toContain('/api/categories?page=1&per_page=10');
    // Every dynamic import started so far has settled: the device code is still not asked for.
    await vi.dynamicImportSettled();
    expect(asked.deviceCode).toBe(0);
    expect(redraw).not.toHaveBeenCalled();
    categoriesScreenShown();
    await vi.waitFor(() => expect(redraw).toHaveBeenCalledTimes(1));
    expect(asked.deviceCode).toBe(1);
    expect(titles(redraw.mock.calls[0]![0] as CategoryListReply)).toEqual(['Made here']);
    // Later reads go through the device's copy at once.
    expect(titles(await listCategories(params, redraw))).toEqual(['Made here']);
  });

  it('offline, the first open reads the device list at once, without the server', async () => {
    await madeHere();
    asked.deviceCode = 0;
    net.online = false;
    const { listCategories } = await import('./categories-store');
    expect(titles(await listCategories(params, vi.fn()))).toEqual(['Made here']);
    expect(asked.deviceCode).toBe(1);
    expect(net.fetchMock).not.toHaveBeenCalled();
  });

  it('a server request that gets no answer reads the device list at once, the screen not shown yet', async () => {
    await madeHere();
    asked.deviceCode = 0;
    net.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { listCategories } = await import('./categories-store');
    expect(titles(await listCategories(params, vi.fn()))).toEqual(['Made here']);
    expect(asked.deviceCode).toBe(1);
  });
});
