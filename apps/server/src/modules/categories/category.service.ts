import { randomUUID } from 'node:crypto';
import {
  type Category,
  type CategoryCreate,
  categoryCreateSchema,
  type CategoryKind,
  type CategoryListQuery,
  type CategoryListReply,
  type CategoryUpdate,
  categoryUpdateSchema,
} from '@kalinga/contracts/categories';
import { type PermissionName, UUID_UNUSABLE } from '@kalinga/contracts/common';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { paginationMeta } from '../../lib/pagination';
import { validate } from '../../lib/validate';
import type { AuthContext } from '../../lib/auth-context';
import { type FormInput } from '../../lib/forms';
import { publicFileUrl, removeImage, storeDataUrlImage, storeImage } from '../../lib/images';
import {
  type CategoryWithCount,
  countAppointmentsUsing,
  deleteCategory as deleteCategoryRow,
  findCategory,
  insertCategory,
  keyOf,
  lendingUses,
  listCategories as listCategoryRows,
  newCategoryTerms,
  updateCategory as updateCategoryRow,
  uuidTaken,
} from './category.repository';

export const CATEGORY_IN_USE = 'This category cannot be deleted because appointments use it.';

// Two kinds, two permissions (docs/decisions/0121-category-kinds.md): counselling categories are read
// with 'view resources' and changed with 'manage resources'; lending categories, whose terms set what a pawner pays,
// are read with 'view lending' and changed with 'manage lending'. A category's kind never changes, so a check of
// the kind read before a write holds for the write.
const READ: Record<CategoryKind, PermissionName> = { counselling: 'view resources', lending: 'view lending' };
const WRITE: Record<CategoryKind, PermissionName> = { counselling: 'manage resources', lending: 'manage lending' };

function mayRead(auth: AuthContext, kind: CategoryKind): void {
  if (!auth.permissions.has(READ[kind])) throw forbidden();
}

function mayWrite(auth: AuthContext, kind: CategoryKind): void {
  if (!auth.permissions.has(WRITE[kind])) throw forbidden();
}

/** The side a request without a kind means: counselling for whoever has that side's permission, else lending. */
function ownKind(auth: AuthContext, by: typeof READ): CategoryKind {
  return auth.permissions.has(by.counselling) || !auth.permissions.has(by.lending) ? 'counselling' : 'lending';
}
export const CATEGORY_LENDING_IN_USE = 'This category cannot be deleted because loans or items use it.';

export function toCategory(row: CategoryWithCount): Category {
  return {
    id: row.id,
    uuid: row.uuid,
    kind: row.kind,
    title: row.title,
    description: row.description,
    image_path: publicFileUrl(row.image_path),
    name: row.name,
    interest_rate: row.interest_rate,
    penalty_rate: row.penalty_rate,
    loan_period: row.loan_period,
    loan_period_type: row.loan_period_type,
    loan_period_expiry: row.loan_period_expiry,
    is_renewable: row.is_renewable === 1,
    fast_depreciating: row.fast_depreciating === 1,
    is_extendable: row.is_extendable === 1,
    advance_interest: row.advance_interest === 1 ? 'one_term' : 'none',
    ltv_percent: row.ltv_percent,
    resources_count: row.resources_count,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listCategories(app: FastifyInstance, auth: AuthContext, query: CategoryListQuery): Promise<CategoryListReply> {
  const kind = query.kind ?? ownKind(auth, READ);
  mayRead(auth, kind);
  const { rows, total } = await listCategoryRows(app.db, auth.companyId, { page: query.page, perPage: query.per_page, search: query.search || undefined, kind });
  return { data: rows.map(toCategory), meta: paginationMeta(query.page, query.per_page, total) };
}

async function requireCategory(app: FastifyInstance, auth: AuthContext, param: string): Promise<CategoryWithCount> {
  const row = await findCategory(app.db, auth.companyId, keyOf(param));
  if (!row) throw notFound('Category');
  return row;
}

export async function getCategory(app: FastifyInstance, auth: AuthContext, param: string): Promise<Category> {
  const row = await requireCategory(app, auth, param);
  mayRead(auth, row.kind);
  return toCategory(row);
}

/** The pawn terms of a new category: a lending category's as sent (or the defaults); a counselling one has none to set. */
function termsOfNew(kind: CategoryKind, input: CategoryCreate) {
  return newCategoryTerms(kind === 'lending' ? input : {});
}

/**
 * Stores the request's image, if any: a file part (web form) or a data-URL `image` field (offline queue).
 * Returns the stored name, or undefined when no image was sent.
 */
async function storeRequestImage(app: FastifyInstance, form: FormInput): Promise<string | undefined> {
  if (form.file) return storeImage(app.images, form.file.buffer, 'image', form.file);
  const text = form.fields.image;
  if (text && text.startsWith('data:')) return storeDataUrlImage(app.images, text, 'image');
  return undefined;
}

/** Creates a category; replaying a create with the same client uuid returns the first one (created: false). */
export async function createCategory(app: FastifyInstance, auth: AuthContext, form: FormInput): Promise<{ category: Category; created: boolean }> {
  const input = validate(categoryCreateSchema, form.fields);
  const kind = input.kind ?? ownKind(auth, WRITE);
  mayWrite(auth, kind);
  if (input.uuid) {
    const existing = await findCategory(app.db, auth.companyId, { uuid: input.uuid });
    if (existing) {
      mayRead(auth, existing.kind);
      return { category: toCategory(existing), created: false };
    }
    if (await uuidTaken(app.db, input.uuid)) {
      // Taken since the read above by a concurrent replay of this create: the same answer as a later replay.
      const replayed = await findCategory(app.db, auth.companyId, { uuid: input.uuid });
      if (replayed) return { category: toCategory(replayed), created: false };
      throw unprocessable({ uuid: [UUID_UNUSABLE] });
    }
  }
  const image = await storeRequestImage(app, form);
  const now = nowIso();
  try {
    const row = await insertCategory(app.db, {
      uuid: input.uuid ?? randomUUID(),
      company_id: auth.companyId,
      kind,
      title: input.title,
      description: input.description ?? null,
      image_path: image ?? null,
      // The lending side's name defaults to the title (docs/decisions/0010).
      name: input.name ?? input.title,
      ...termsOfNew(kind, input),
      created_at: now,
      updated_at: now,
    });
    return { category: toCategory({ ...row, interest_rate: Number(row.interest_rate), penalty_rate: Number(row.penalty_rate), resources_count: 0 }), created: true };
  } catch (err) {
    await removeImage(app.images, image);
    // The same create replayed concurrently (the offline queue retrying): the first one wins, the others return it.
    if (input.uuid && isUniqueViolation(err, 'uuid')) {
      const existing = await findCategory(app.db, auth.companyId, { uuid: input.uuid });
      if (existing) return { category: toCategory(existing), created: false };
      throw unprocessable({ uuid: [UUID_UNUSABLE] });
    }
    throw err;
  }
}

/** Changes the sent fields; a new image replaces the old one, whose file is then removed. */
export async function updateCategory(app: FastifyInstance, auth: AuthContext, param: string, form: FormInput): Promise<Category> {
  const current = await requireCategory(app, auth, param);
  mayWrite(auth, current.kind);
  const sent = validate(categoryUpdateSchema, form.fields);
  // The pawn terms are a lending category's only: on a counselling one they are not stored (the form's defaults).
  const input: CategoryUpdate = current.kind === 'lending' ? sent : { title: sent.title, description: sent.description, name: sent.name };
  const image = await storeRequestImage(app, form);
  let updated: { previousImage: string | null } | undefined;
  try {
    updated = await updateCategoryRow(app.db, auth.companyId, current.id, {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.name !== undefined && { name: input.name }),
      ...(input.interest_rate !== undefined && { interest_rate: input.interest_rate }),
      ...(input.penalty_rate !== undefined && { penalty_rate: input.penalty_rate }),
      ...(input.loan_period !== undefined && { loan_period: input.loan_period }),
      ...(input.loan_period_type !== undefined && { loan_period_type: input.loan_period_type }),
      ...(input.loan_period_expiry !== undefined && { loan_period_expiry: input.loan_period_expiry }),
      ...(input.is_renewable !== undefined && { is_renewable: input.is_renewable ? 1 : 0 }),
      ...(input.fast_depreciating !== undefined && { fast_depreciating: input.fast_depreciating ? 1 : 0 }),
      ...(input.is_extendable !== undefined && { is_extendable: input.is_extendable ? 1 : 0 }),
      ...(input.advance_interest !== undefined && { advance_interest: input.advance_interest === 'one_term' ? 1 : 0 }),
      ...(input.ltv_percent !== undefined && { ltv_percent: input.ltv_percent }),
      ...(image !== undefined && { image_path: image }),
      updated_at: nowIso(),
    });
  } catch (err) {
    await removeImage(app.images, image);
    throw err;
  }
  if (!updated) {
    await removeImage(app.images, image);
    throw notFound('Category');
  }
  // The image the row really had when this write replaced it (another update may have replaced `current`'s).
  if (image !== undefined) await removeImage(app.images, updated.previousImage);
  return toCategory(await requireCategory(app, auth, String(current.id)));
}

/**
 * Deletes a category and its image. Refused (409) while appointments use it; the appointments'
 * foreign key also refuses it if one is booked between the check and the delete.
 */
export async function deleteCategory(app: FastifyInstance, auth: AuthContext, param: string): Promise<void> {
  const current = await requireCategory(app, auth, param);
  mayWrite(auth, current.kind);
  if ((await countAppointmentsUsing(app.db, auth.companyId, current.id)) > 0) throw conflict(CATEGORY_IN_USE);
  if (await lendingUses(app.db, auth.companyId, current.id)) throw conflict(CATEGORY_LENDING_IN_USE);
  let deleted: { image: string | null } | undefined;
  try {
    deleted = await deleteCategoryRow(app.db, auth.companyId, current.id);
  } catch (err) {
    // Booked or lent against between the check and the delete: the foreign keys refuse it.
    if (isForeignKeyViolation(err)) throw conflict((await lendingUses(app.db, auth.companyId, current.id)) ? CATEGORY_LENDING_IN_USE : CATEGORY_IN_USE);
    throw err;
  }
  if (!deleted) throw notFound('Category');
  await removeImage(app.images, deleted.image);
}
