import type { Category, CategoryListReply } from '@kalinga/contracts/categories';
import { api, ApiError } from '../../../lib/api-client';

// The one place the Categories screen reads and writes categories. The offline store does the work
// (categories-local.ts): the device's copy, writes queued as CREATE_CATEGORY/UPDATE_CATEGORY. Its code (the local
// database, Dexie, and the queue's row applier) is not on a first open's path: the list's request leaves as soon as
// this file has run (decision 0363), and when the server answers, that code loads only once the screen has shown
// its first picture (loaded or failed) or a list without one (decision 0371, "helper i"); offline, or with no
// answer, it loads at once.

/** The offline store's code, loaded once on first use. */
let bookLoaded = false;
let bookLoading: Promise<typeof import('./categories-local')> | null = null;
const book = () =>
  (bookLoading ??= import('./categories-local').then((local) => {
    bookLoaded = true;
    return local;
  }));

/** The longest a first open's answer waits to be kept on the device when no screen says its first picture is in. */
export const DEVICE_CODE_WAIT_MS = 3000;
let mayLoad: () => void = () => undefined;
const screenShown = new Promise<void>((resolve) => (mayLoad = resolve));

/**
 * The Categories screen shows its first picture (loaded or failed) or a list without one: the device's code may
 * load now. Before that, on a first open, it would share the line with that picture.
 */
export function categoriesScreenShown(): void {
  mayLoad();
}

/** The device's code once the screen is shown (or DEVICE_CODE_WAIT_MS after this call), unless it is already asked for. */
function bookAfterScreen(): Promise<typeof import('./categories-local')> {
  if (bookLoading) return bookLoading;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, DEVICE_CODE_WAIT_MS)));
  return Promise.race([screenShown, waited]).then(() => {
    clearTimeout(timer);
    return book();
  });
}

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
 * comes before that code is asked for (a first open), and `redraw` is given, the answer is returned as it is and the
 * code is asked for once the screen is shown (`categoriesScreenShown`); once it is in, the answer is kept on the device; `redraw` gets the list with this device's unsent changes over it when there are any
 * (and the answer it replaces).
 */
export async function listCategories(params: CategoryListParams, redraw?: (list: CategoryListReply, drawn: CategoryListReply) => void): Promise<CategoryListReply> {
  if (!navigator.onLine) return (await book()).listLocalCategories(params);
  let reply: CategoryListReply;
  try {
    reply = await api.get<CategoryListReply>('/api/categories', { page: params.page, per_page: params.perPage, search: params.search.trim() || undefined });
  } catch (error) {
    // No answer (the network dropped): the device's copy, its code asked for at once.
    if (error instanceof ApiError && error.status === 0) return (await book()).listLocalCategories(params);
    throw error;
  }
  if (bookLoaded || !redraw) return (await book()).overlay(reply, params);
  void bookAfterScreen()
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
