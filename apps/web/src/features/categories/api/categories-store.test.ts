import 'fake-indexeddb/auto';
import type { CategoryListReply } from '@kalinga/contracts/categories';
import { describe, expect, it, vi } from 'vitest';
import type { LocalCategory } from '../../../offline/db';
import { fakeNetwork } from '../../../test/fake-network';
import { serverCategory } from '../../../test/lending-fixtures';

// The device's code (the local database and the queue's row applier) arrives only when the test lets it.
let release: () => void = () => undefined;
const arrived = new Promise<void>((resolve) => (release = resolve));
vi.mock('./categories-local', async (importOriginal) => {
  await arrived;
  return importOriginal();
});

const net = fakeNetwork(new Date('2026-11-23T09:00:00Z'));
const reply: CategoryListReply = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null } };

describe('the Categories list read', () => {
  // It used to be asked only once the device's code had loaded (the store imported it): on a first open that code
  // stood in front of the list's request, and then the list waited for it (decision 0363).
  it('asks the server before the device code has arrived; a list that can be drawn again is drawn from the answer, then with the unsent changes over it', async () => {
    net.fetchMock.mockImplementation(async () => net.json(200, reply));
    const { listCategories } = await import('./categories-store');
    const redraw = vi.fn();
    const waiting = listCategories({ page: 1, perPage: 10, search: '' });
    const drawn = listCategories({ page: 1, perPage: 10, search: '' }, redraw);
    await vi.waitFor(() => expect(net.fetchMock).toHaveBeenCalledTimes(2));
    expect(String(net.fetchMock.mock.calls[0]?.[0])).toContain('/api/categories?page=1&per_page=10');
    // Drawn from the server's answer while the device's code is still on its way.
    await expect(drawn).resolves.toEqual(reply);
    // A category made on this device and not sent yet.
    const { db } = await import('../../../offline/database');
    await db.categories.put({ ...serverCategory({ title: 'Made here' }), id: undefined, uuid: 'made-here', sync_status: 'pending' } as unknown as LocalCategory);
    release();
    const titles = (list: CategoryListReply) => list.data.map((c) => c.title);
    expect(titles(await waiting)).toEqual(['Made here']);
    await vi.waitFor(() => expect(redraw).toHaveBeenCalledTimes(1));
    expect(titles(redraw.mock.calls[0]![0] as CategoryListReply)).toEqual(['Made here']);
  });
});
