import type { Category, CategoryListReply } from '@kalinga/contracts/categories';
import { CATEGORY_DEFAULTS } from '@kalinga/contracts/category-constants';
import { api, ApiError } from '../../../lib/api-client';
import type { writeWithEntries as WriteWithEntries } from '../../../offline/action-support';
import { db } from '../../../offline/database';
import type { LocalCategory, SyncStatus } from '../../../offline/db';
import { applyRow } from '../../../offline/queue-apply';
import { uuidsWithOpenEntries } from '../../../offline/sync-queue';

// The Categories screen through the local store (product-rules.md#screen-categories): writes are local rows with a CREATE_CATEGORY /
// UPDATE_CATEGORY queue entry (JSON with the uuid; a chosen image travels as a data URL in `image`); lists come
// from the server when it answers (kept on this device), else from the device, with unsent changes shown over them.
// The server's list is asked for by categories-store.ts without waiting for this file (decision 0363).
// The write side (the queue's writer and runner) loads on the first save: the list does not need it (decision 0091).

/**
 * The queue's writer and runner, loaded on first use, or ahead with the screen's form (the service worker keeps
 * their chunks offline; without it, a form loaded before the network dropped can still save).
 */
export async function writeSide(): Promise<{ writeWithEntries: typeof WriteWithEntries; runQueue: () => Promise<unknown> }> {
  // The form's schema too: the sync engine no longer loads zod at start (decision 0335), so without a service worker
  // a save after the network dropped would find its schema's chunk out of reach.
  const [support, runner] = await Promise.all([import('../../../offline/action-support'), import('../../../offline/queue-runner'), import('@kalinga/contracts/categories')]);
  return { writeWithEntries: support.writeWithEntries, runQueue: runner.runQueue };
}

/** A category as the screen shows it: the server's fields, and whether this device has unsent changes to it. */
export type CategoryView = Category & { sync_status?: SyncStatus; sync_error?: string };

export interface CategoryListParams {
  page: number;
  perPage: number;
  search: string;
}

export interface CategoryWrite {
  title: string;
  description: string;
  image: File | null;
}

function toView(row: LocalCategory): CategoryView {
  return {
    id: row.id ?? row.server_id ?? 0,
    uuid: row.uuid,
    // A row queued on this device before its reply has no kind yet: the Categories screen makes counselling ones.
    kind: row.kind ?? 'counselling',
    title: row.title,
    description: row.description ?? null,
    image_path: row.image_path ?? row.image_data_url ?? null,
    name: row.name ?? null,
    interest_rate: row.interest_rate ?? CATEGORY_DEFAULTS.interest_rate,
    penalty_rate: row.penalty_rate ?? CATEGORY_DEFAULTS.penalty_rate,
    loan_period: row.loan_period ?? CATEGORY_DEFAULTS.loan_period,
    loan_period_type: row.loan_period_type ?? CATEGORY_DEFAULTS.loan_period_type,
    loan_period_expiry: row.loan_period_expiry ?? CATEGORY_DEFAULTS.loan_period_expiry,
    is_renewable: row.is_renewable ?? CATEGORY_DEFAULTS.is_renewable,
    fast_depreciating: row.fast_depreciating ?? CATEGORY_DEFAULTS.fast_depreciating,
    // A copy from before the setting (decision 0189): as its renewals.
    is_extendable: row.is_extendable ?? row.is_renewable ?? CATEGORY_DEFAULTS.is_extendable,
    resources_count: row.resources_count ?? 0,
    version: row.version ?? 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
    sync_status: row.sync_status,
    sync_error: row.sync_error,
  };
}

function matches(row: LocalCategory, search: string): boolean {
  if (!search) return true;
  const needle = search.toLowerCase();
  return row.title.toLowerCase().includes(needle) || (row.description ?? '').toLowerCase().includes(needle);
}

/** The list from this device alone: searched, newest first, paged like the server's. */
export async function listLocalCategories(params: CategoryListParams): Promise<CategoryListReply> {
  const search = params.search.trim();
  const rows = (await db.categories.toArray()).filter((r) => matches(r, search)).sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
  const total = rows.length;
  const last_page = Math.max(1, Math.ceil(total / params.perPage));
  const start = (params.page - 1) * params.perPage;
  const page = rows.slice(start, start + params.perPage).map(toView);
  return { data: page, meta: { current_page: params.page, last_page, per_page: params.perPage, total, from: page.length ? start + 1 : null, to: page.length ? start + page.length : null } };
}

/** Keeps the server's rows on this device (never over unsent changes) and shows unsent changes over the page. */
export async function overlay(reply: CategoryListReply, params: CategoryListParams): Promise<CategoryListReply> {
  const local = await db.transaction('rw', [db.categories, db.syncQueue], async () => {
    const ctx = { open: await uuidsWithOpenEntries() };
    for (const row of reply.data) await applyRow('categories', row, ctx);
    return db.categories.where('sync_status').anyOf('pending', 'failed').toArray();
  });
  const changed = new Map(local.map((r) => [r.uuid, r]));
  const data: CategoryView[] = reply.data.map((c) => (changed.has(c.uuid) ? toView(changed.get(c.uuid)!) : c));
  // Categories made on this device and not on the server yet lead the first page.
  const onServer = new Set(reply.data.map((c) => c.uuid));
  const unsent = local.filter((r) => r.id === undefined && r.server_id === undefined && !onServer.has(r.uuid) && matches(r, params.search.trim()));
  if (params.page === 1 && unsent.length) data.unshift(...unsent.map(toView));
  return { data, meta: { ...reply.meta, total: reply.meta.total + unsent.length } };
}

/**
 * The form's fields checked as the server would: a 422-like error with field messages for the form. The schema
 * (and zod) load with the form's write side (writeSide), not with the list (decision 0091); the service worker keeps the chunk offline.
 */
async function checkedFields(input: { uuid?: string; title: string; description: string }) {
  const { categoryCreateSchema } = await import('@kalinga/contracts/categories');
  const result = categoryCreateSchema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0] ?? 'title')] ??= []).push(issue.message);
  throw new ApiError(422, result.error.issues[0]?.message ?? 'The data is not valid.', errors);
}

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Online, the queue sends the change at once and the stored row (synced, with its id) is returned. */
async function settled(uuid: string): Promise<CategoryView> {
  if (navigator.onLine) await (await writeSide()).runQueue().catch((error: unknown) => console.error('Sync queue run failed', error));
  const row = await db.categories.get(uuid);
  if (!row) throw new Error('The category is not on this device.');
  return toView(row);
}

export async function createCategory(input: CategoryWrite): Promise<CategoryView> {
  const fields = await checkedFields({ uuid: crypto.randomUUID(), title: input.title, description: input.description });
  const uuid = fields.uuid!;
  const image = input.image ? await readDataUrl(input.image) : undefined;
  const { writeWithEntries } = await writeSide();
  // The row is made by the operation's effect (contracts' lending-effects.ts), with the entry, in one transaction.
  await writeWithEntries(async (queue) => {
    await queue('CREATE_CATEGORY', { uuid, title: fields.title, description: fields.description ?? '', ...(image ? { image } : {}) });
  });
  return settled(uuid);
}

export async function updateCategory(uuid: string, input: CategoryWrite): Promise<CategoryView> {
  const fields = await checkedFields({ title: input.title, description: input.description });
  const image = input.image ? await readDataUrl(input.image) : undefined;
  const { writeWithEntries } = await writeSide();
  await writeWithEntries(async (queue) => {
    if (!(await db.categories.get(uuid))) throw new Error('This category is not on this device.');
    await queue('UPDATE_CATEGORY', { uuid, title: fields.title, description: fields.description ?? '', ...(image ? { image } : {}) });
  });
  return settled(uuid);
}

/** Deleting needs the server (the queue has no delete); the device's copy goes after it answered. */
export async function deleteCategory(uuid: string): Promise<void> {
  await api.del(`/api/categories/${encodeURIComponent(uuid)}`);
  await db.categories.delete(uuid);
}
