import 'fake-indexeddb/auto';
import type { CategoryListReply } from '@kalinga/contracts/categories';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeNetwork } from '../../../test/fake-network';
import { serverCategory } from '../../../test/lending-fixtures';
import { prefetchFirstCategories } from './use-categories';

// The first picture of Categories is asked for as soon as the start-up's read of the list is in, before the screen is
// drawn (decision 0381): drawn, the card's image finds it in the browser's cache or under way.

const net = fakeNetwork(new Date('2026-11-29T09:00:00Z'));
const meta = { current_page: 1, last_page: 1, per_page: 10, total: 3, from: 1, to: 3 };

/** The pictures asked for through `new Image()`, with their priority. */
function recordPictures(): { src: string; priority: string }[] {
  const asked: { src: string; priority: string }[] = [];
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = 'auto';
      set src(value: string) {
        asked.push({ src: value, priority: this.fetchPriority });
      }
    },
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the start-up of Categories', () => {
  it("asks for the list's first picture, with high priority, once the first page is in", async () => {
    const reply: CategoryListReply = {
      data: [serverCategory({ title: 'No picture', image_path: null }), serverCategory({ title: 'Anxiety', image_path: '/uploads/first.png' }), serverCategory({ title: 'Grief', image_path: '/uploads/second.png' })],
      meta,
    };
    net.fetchMock.mockImplementation(async () => net.json(200, reply));
    const asked = recordPictures();
    prefetchFirstCategories(createQueryClient());
    await vi.waitFor(() => expect(asked).toEqual([{ src: '/uploads/first.png', priority: 'high' }]));
  });

  it('asks for no picture when the first page has none', async () => {
    net.fetchMock.mockImplementation(async () => net.json(200, { data: [serverCategory({ title: 'Plain', image_path: null })], meta: { ...meta, total: 1, to: 1 } }));
    const asked = recordPictures();
    const client = createQueryClient();
    prefetchFirstCategories(client);
    await vi.waitFor(() => expect(client.getQueryCache().getAll().some((q) => q.state.status === 'success')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([]);
  });
});
