import type { Category, CategoryListReply } from '@kalinga/contracts/categories';
import { api } from '../../../lib/api-client';

// The one place the Categories screen reads and writes categories. The offline store (a later issue)
// takes this module over — local-first reads, a CREATE_CATEGORY/UPDATE_CATEGORY queue — and the
// screen does not change.

export interface CategoryListParams {
  page: number;
  perPage: number;
  search: string;
}

export interface CategoryInput {
  title: string;
  description: string;
  /** A newly chosen image; null keeps the stored one. */
  image: File | null;
}

export const CATEGORY_PAGE_SIZE = 10;

export async function listCategories(params: CategoryListParams): Promise<CategoryListReply> {
  return api.get<CategoryListReply>('/api/categories', { page: params.page, per_page: params.perPage, search: params.search.trim() || undefined });
}

function toForm(input: CategoryInput): FormData {
  const form = new FormData();
  form.set('title', input.title.trim());
  form.set('description', input.description.trim());
  if (input.image) form.set('image', input.image);
  return form;
}

export async function createCategory(input: CategoryInput): Promise<Category> {
  return (await api.postForm<{ data: Category }>('/api/categories', toForm(input))).data;
}

/** Multipart with _method=PUT, as the spec's client sends it (files cannot travel in a form PUT). */
export async function updateCategory(uuid: string, input: CategoryInput): Promise<Category> {
  const form = toForm(input);
  form.set('_method', 'PUT');
  return (await api.postForm<{ data: Category }>(`/api/categories/${encodeURIComponent(uuid)}`, form)).data;
}

export async function deleteCategory(uuid: string): Promise<void> {
  await api.del(`/api/categories/${encodeURIComponent(uuid)}`);
}
