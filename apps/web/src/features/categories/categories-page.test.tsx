import type { AuthUser } from '@kalinga/contracts/auth';
import type { CategoryListReply } from '@kalinga/contracts/categories';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOnDevice, initI18n } from '../../lib/i18n';
import { setUser } from '../../session/auth-store';
import { CategoriesPage } from './categories-page';
import { type CategoryView, categoriesScreenShown, listCategories } from './api/categories-store';
import { renderWithQueries } from '../../test/render';

// The screen talks to categories only through the store module: replacing it is all a test (or the offline store) needs.
vi.mock('./api/categories-store', () => ({
  CATEGORY_PAGE_SIZE: 10,
  listCategories: vi.fn(),
  categoriesScreenShown: vi.fn(),
  createCategory: vi.fn(),
  updateCategory: vi.fn(),
  deleteCategory: vi.fn(),
}));

const list = vi.mocked(listCategories);
const screenShown = vi.mocked(categoriesScreenShown);
const empty: CategoryListReply = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null } };

function user(permissions: string[]): AuthUser {
  return {
    id: 1, name: 'Carmen', username: 'Carmen', email: 'c@example.test', avatar: null, role: 'counselor', roles: ['counselor'],
    permissions, user_type: 'counselor', student_id: null, department: null, birth_date: null, status: 'active',
  };
}

function ResourcesAddress() {
  const location = useLocation();
  return <p data-testid="resources-address">{location.pathname + location.search}</p>;
}

/** The next frame is painted (an animation frame, then the task after it), as lib/after-paint.ts waits for. */
const paintedFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

function renderPage() {
  return renderWithQueries(
    <MemoryRouter initialEntries={['/categories']}>
      <Routes>
        <Route path="/categories" element={<CategoriesPage />} />
        <Route path="/resources" element={<ResourcesAddress />} />
      </Routes>
    </MemoryRouter>,
  );
}

const base = { id: 0, kind: 'counselling' as const, description: null, image_path: null, name: null, interest_rate: 0, penalty_rate: 0, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 0, is_renewable: true, fast_depreciating: false, is_extendable: true, resources_count: 0, version: 1, created_at: '2026-11-23T08:00:00.000Z', updated_at: '2026-11-23T08:00:00.000Z' };
function listOf(data: CategoryView[]): CategoryListReply {
  return { data, meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length, from: 1, to: data.length } };
}

beforeAll(() => initI18n(['categories']));
beforeEach(() => {
  list.mockReset();
  screenShown.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Categories screen', () => {
  it('speaks Filipino when that is the language in use', async () => {
    setUser(user(['view resources', 'manage resources']));
    list.mockResolvedValue(empty);
    await chooseOnDevice('fil');
    try {
      renderPage();
      expect(await screen.findByText('Wala pang kategorya')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Mga Kategorya' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Idagdag ang Unang Kategorya' })).toBeTruthy();
      expect(screen.queryByText('No categories yet')).toBeNull();
    } finally {
      await chooseOnDevice('en');
    }
  });

  it('shows the first-use empty state with the add button for managers', async () => {
    setUser(user(['view resources', 'manage resources']));
    list.mockResolvedValue(empty);
    renderPage();
    expect(await screen.findByText('No categories yet')).toBeTruthy();
    expect(screen.getByText('Get started by adding your first category!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Your First Category' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Categories' })).toBeTruthy();
    expect(screen.getByText('Organize and manage resource categories')).toBeTruthy();
  });

  it('hides writing for readers, searches after 300 ms, and shows the no-match state', async () => {
    setUser(user(['view resources']));
    list.mockResolvedValue(empty);
    renderPage();
    await screen.findByText('No categories yet');
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    vi.useFakeTimers();
    fireEvent.change(screen.getByPlaceholderText('Search categories...'), { target: { value: 'grief' } });
    await act(async () => { await vi.advanceTimersByTimeAsync(299); });
    expect(list).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'grief' }));
    await act(async () => { await vi.advanceTimersByTimeAsync(1); });
    vi.useRealTimers();
    expect(await screen.findByText('No categories found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search terms')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith({ page: 1, perPage: 10, search: 'grief' }, expect.any(Function));
  });

  it('shows an error with Retry, and reloads when the browser comes back online', async () => {
    setUser(user(['view resources']));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    list.mockRejectedValueOnce(new Error('Network down'));
    renderPage();
    expect(await screen.findByText('Network down')).toBeTruthy();
    list.mockResolvedValue(empty);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No categories yet')).toBeTruthy();
    const calls = list.mock.calls.length;
    await act(async () => { window.dispatchEvent(new Event('online')); });
    expect(list.mock.calls.length).toBe(calls + 1);
  });

  it('marks a category changed on this device and not sent yet, and one the server refused with its reason', async () => {
    setUser(user(['view resources', 'manage resources']));
    const data: CategoryView[] = [
      { ...base, uuid: 'a', title: 'Made offline', sync_status: 'pending' },
      { ...base, uuid: 'b', title: 'Refused', sync_status: 'failed', sync_error: 'The title may not be greater than 255 characters.' },
      { ...base, id: 3, uuid: 'c', title: 'On the server', sync_status: 'synced' },
    ];
    list.mockResolvedValue({
      data,
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 3, from: 1, to: 3 },
    });
    renderPage();
    const cards = await screen.findAllByTestId('category-card');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Pending'),
      expect.stringContaining('Not syncedThe title may not be greater than 255 characters.'),
      expect.not.stringMatching(/Pending|Not synced/),
    ]);
  });

  it("keeps the manager's subtitle for managers; a reader sees a reader's one", async () => {
    setUser(user(['view resources']));
    list.mockResolvedValue(empty);
    renderPage();
    await screen.findByText('No categories yet');
    expect(screen.queryByText('Organize and manage resource categories')).toBeNull();
    expect(screen.getByText('Browse resources by category')).toBeTruthy();
  });

  it('has one clear button in the search field: its own (a type=search input adds the browser\'s too)', async () => {
    setUser(user(['view resources']));
    list.mockResolvedValue(empty);
    renderPage();
    const box = screen.getByRole('searchbox', { name: 'Search categories' });
    expect(box.getAttribute('type')).toBe('text');
    fireEvent.change(box, { target: { value: 'grief' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('a card opens its resources; a category not on the server yet has no link', async () => {
    setUser(user(['view resources', 'manage resources']));
    list.mockResolvedValue(listOf([
      { ...base, id: 7, uuid: 'g', title: 'Grief and Loss', sync_status: 'synced' },
      { ...base, uuid: 'p', title: 'Made offline', sync_status: 'pending' },
    ]));
    renderPage();
    await screen.findAllByTestId('category-card');
    expect(screen.queryByRole('link', { name: 'Made offline' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Grief and Loss' }));
    // The router navigates in a transition: on a busy machine its render can come after the click's own.
    expect((await screen.findByTestId('resources-address')).textContent).toBe('/resources?category=7');
  });

  it('an image that cannot be loaded shows the placeholder, not a broken image', async () => {
    setUser(user(['view resources']));
    list.mockResolvedValue(listOf([{ ...base, id: 7, uuid: 'g', title: 'Grief and Loss', image_path: '/uploads/missing.png' }]));
    renderPage();
    const [card] = await screen.findAllByTestId('category-card');
    const img = card.querySelector('img');
    expect(img).not.toBeNull();
    fireEvent.error(img as HTMLImageElement);
    expect(card.querySelector('img')).toBeNull();
    expect(screen.getByTestId('category-placeholder')).toBeTruthy();
  });

  // Only the pictures a screen shows at once are asked for before the first one is in; the others wait for it, their
  // frames keeping their size (decision 0363). All four of the widest first row were asked for at once on any width.
  describe('pictures', () => {
    const pictured = Array.from({ length: 5 }, (_, i) => ({ ...base, id: i + 1, uuid: `c${i}`, title: `Category ${i}`, image_path: `/uploads/c${i}.png` }));
    const pictures = (cards: HTMLElement[]) => cards.map((card) => card.querySelector('img'));
    /** The screen at a width (the grid's columns follow its min-width queries), opened by a reader on `cards`. */
    async function openAt(px: number, cards: CategoryView[]) {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: px >= Number(/([\d.]+)rem/.exec(query)?.[1] ?? 0) * 16, media: query }));
      setUser(user(['view resources']));
      list.mockResolvedValue(listOf(cards));
      renderPage();
      return pictures(await screen.findAllByTestId('category-card'));
    }
    afterEach(() => vi.unstubAllGlobals());

    it('on a phone the first picture is asked for at once and first; the others once it has loaded, lazily', async () => {
      const [first, ...rest] = await openAt(375, pictured);
      expect(first?.getAttribute('loading')).toBe('eager');
      expect(first?.getAttribute('fetchpriority')).toBe('high');
      expect(rest.every((img) => img === null)).toBe(true);
      // The device's code waits for the first picture (decision 0371, helper i).
      expect(screenShown).not.toHaveBeenCalled();
      fireEvent.load(first as HTMLImageElement);
      // Not before the frame that shows it has been painted (decision 0381).
      expect(screenShown).not.toHaveBeenCalled();
      expect(pictures(screen.getAllByTestId('category-card')).slice(1).every((img) => img === null)).toBe(true);
      await paintedFrame();
      expect(screenShown).toHaveBeenCalled();
      const after = pictures(screen.getAllByTestId('category-card')).slice(1);
      expect(after.map((img) => img?.getAttribute('loading'))).toEqual(['lazy', 'lazy', 'lazy', 'lazy']);
    });

    it('a loaded first picture counts once the browser has decoded it, then once the frame after has been painted (decision 0393)', async () => {
      const [first] = await openAt(375, pictured);
      let decoded: () => void = () => undefined;
      Object.assign(first as HTMLImageElement, { decode: () => new Promise<void>((resolve) => (decoded = resolve)) });
      fireEvent.load(first as HTMLImageElement);
      await paintedFrame();
      expect(screenShown).not.toHaveBeenCalled();
      expect(pictures(screen.getAllByTestId('category-card')).slice(1).every((img) => img === null)).toBe(true);
      decoded();
      await paintedFrame();
      expect(screenShown).toHaveBeenCalled();
    });

    it('at 1280 px the first row of three is asked for at once; a first picture that fails lets the rest load', async () => {
      const imgs = await openAt(1280, pictured);
      expect(imgs.slice(0, 3).map((img) => img?.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager']);
      expect(imgs.slice(1, 3).map((img) => img?.getAttribute('fetchpriority'))).toEqual(['auto', 'auto']);
      expect(imgs.slice(3)).toEqual([null, null]);
      expect(screenShown).not.toHaveBeenCalled();
      fireEvent.error(imgs[0] as HTMLImageElement);
      await paintedFrame();
      expect(screenShown).toHaveBeenCalled();
      expect(pictures(screen.getAllByTestId('category-card')).slice(3).map((img) => img?.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    });

    it('a first card without a picture: the next picture is the one asked for first, the others wait for it', async () => {
      const [none, second, ...rest] = await openAt(375, [{ ...pictured[0]!, image_path: null }, ...pictured.slice(1)]);
      expect(none).toBeNull();
      expect(second?.getAttribute('fetchpriority')).toBe('high');
      expect(rest.every((img) => img === null)).toBe(true);
      fireEvent.load(second as HTMLImageElement);
      await paintedFrame();
      expect(pictures(screen.getAllByTestId('category-card')).slice(2).map((img) => img?.getAttribute('loading'))).toEqual(['lazy', 'lazy', 'lazy']);
    });

    it('no pictures at all: nothing waits', async () => {
      const imgs = await openAt(375, pictured.map((c) => ({ ...c, image_path: null })));
      expect(imgs.every((img) => img === null)).toBe(true);
      expect(screen.getAllByTestId('category-placeholder')).toHaveLength(5);
      expect(screenShown).toHaveBeenCalled();
    });
  });
});
