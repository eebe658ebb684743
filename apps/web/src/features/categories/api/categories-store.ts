import type { Category, CategoryListReply } from '@kalinga/contracts/categories';
import { api, ApiError } from '../../../lib/api-client';

// The one place the Categories screen reads and writes categories. The offline store does the work
// (categories-local.ts): the device's copy, writes queued as CREATE_CATEGORY/UPDATE_CATEGORY. Its code (the local
// database, Dexie, and the queue's row applier) loads beside the server's list, not before it: on a screen's first
// open the list's request leaves as soon as this file has run (decision 0363).

/** The offline store's code, loaded on first use (the screen's first list read starts it). */
let bookLoaded = false;
const book = () =>
  import('./categories-local').then((local) => {
    bookLoaded = true;
    return local;
  });

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
  return book().then((local) => local.writeSide());
}

/**
 * Lists come from the server when it answers (kept on this device, unsent changes shown over them), else from the
 * device (product-rules.md#screen-categories). The request does not wait for the device's code. When the answer
 * comes before that code (a first open), and `redraw` is given, the answer is returned as it is and, once the code
 * is in, kept on the device; `redraw` gets the list with this device's unsent changes over it when there are any
 * (and the answer it replaces).
 */
export async function listCategories(params: CategoryListParams, redraw?: (list: CategoryListReply, drawn: CategoryListReply) => void): Promise<CategoryListReply> {
  const local = book();
  if (!navigator.onLine) return (await local).listLocalCategories(params);
  // Settled here so that a failed chunk load while the request is out is not reported as unhandled; awaited below.
  local.catch(() => undefined);
  let reply: CategoryListReply;
  try {
    reply = await api.get<CategoryListReply>('/api/categories', { page: params.page, per_page: params.perPage, search: params.search.trim() || undefined });
  } catch (error) {
    // No answer (the network dropped): the device's copy.
    if (error instanceof ApiError && error.status === 0) return (await local).listLocalCategories(params);
    throw error;
  }
  if (bookLoaded || !redraw) return (await local).overlay(reply, params);
  void local
    .then((store) => store.overlay(reply, params))
    .then((list) => {
      if (JSON.stringify(list) !== JSON.stringify(reply)) redraw(list, reply);
    })
    .catch((error: unknown) => console.error('The categories could not be kept on this device', error));
  return reply;
}

export async function createCategory(input: CategoryInput): Promise<Category> {
  return (await book()).createCategory(input);
}

export async function updateCategory(uuid: string, input: CategoryInput): Promise<Category> {
  return (await book()).updateCategory(uuid, input);
}

export async function deleteCategory(uuid: string): Promise<void> {
  await (await book()).deleteCategory(uuid);
}
