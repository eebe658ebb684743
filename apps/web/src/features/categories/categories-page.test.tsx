import type { AuthUser } from '@kalinga/contracts/auth';
import type { CategoryListReply } from '@kalinga/contracts/categories';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUser } from '../auth/auth-store';
import { CategoriesPage } from './categories-page';
import { listCategories } from './api/categories-store';

// The screen talks to categories only through the store module: replacing it is all a test (or the offline store) needs.
vi.mock('./api/categories-store', () => ({
  CATEGORY_PAGE_SIZE: 10,
  listCategories: vi.fn(),
  createCategory: vi.fn(),
  updateCategory: vi.fn(),
  deleteCategory: vi.fn(),
}));

const list = vi.mocked(listCategories);
const empty: CategoryListReply = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null } };

function user(permissions: string[]): AuthUser {
  return {
    id: 1, name: 'Carmen', username: 'Carmen', email: 'c@example.test', avatar: null, role: 'counselor', roles: ['counselor'],
    permissions, user_type: 'counselor', student_id: null, department: null, birth_date: null, status: 'active',
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CategoriesPage />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  list.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Categories screen', () => {
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
    expect(list).toHaveBeenLastCalledWith({ page: 1, perPage: 10, search: 'grief' });
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
});
