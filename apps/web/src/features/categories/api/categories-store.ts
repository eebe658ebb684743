import type { Category, CategoryListReply } from '@kalinga/contracts/categories';
import * as local from './categories-local';

// The one place the Categories screen reads and writes categories. The offline store does the work
// (categories-local.ts): local-first reads, writes queued as CREATE_CATEGORY/UPDATE_CATEGORY.

export type { CategoryView } from './categories-local';

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

/** Loads the code a save needs (the queue's writer and runner), with the form. */
export function preloadCategoryWrites(): Promise<unknown> {
  return local.writeSide();
}

export async function listCategories(params: CategoryListParams): Promise<CategoryListReply> {
  return local.listCategories(params);
}

export async function createCategory(input: CategoryInput): Promise<Category> {
  return local.createCategory(input);
}

export async function updateCategory(uuid: string, input: CategoryInput): Promise<Category> {
  return local.updateCategory(uuid, input);
}

export async function deleteCategory(uuid: string): Promise<void> {
  await local.deleteCategory(uuid);
}
