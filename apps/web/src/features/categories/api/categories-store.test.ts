import 'fake-indexeddb/auto';
import type { CategoryListReply } from '@kalinga/contracts/categories';
import { describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../../test/fake-network';

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
  // stood in front of the list's request (decision 0363).
  it('asks the server before the device code has arrived, and answers once it has', async () => {
    net.fetchMock.mockResolvedValue(net.json(200, reply));
    const { listCategories } = await import('./categories-store');
    const listed = listCategories({ page: 1, perPage: 10, search: '' });
    await vi.waitFor(() => expect(net.fetchMock).toHaveBeenCalledTimes(1));
    expect(String(net.fetchMock.mock.calls[0]?.[0])).toContain('/api/categories?page=1&per_page=10');
    release();
    await expect(listed).resolves.toEqual(reply);
  });
});
