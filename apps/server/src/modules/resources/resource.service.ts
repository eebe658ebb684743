import { randomUUID } from 'node:crypto';
import {
  type Resource,
  resourceCreateSchema,
  type ResourceListQuery,
  type ResourceListReply,
  resourceUpdateSchema,
} from '@kalinga/contracts/resources';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock';
import { notFound, unprocessable } from '../../lib/http-errors';
import { paginationMeta } from '../../lib/pagination';
import { validate } from '../../lib/validate';
import type { AuthContext } from '../../lib/auth-context';
import type { UploadUrls } from '../../plugins/upload-access';
import { type FormInput } from '../../lib/forms';
import { publicFileUrl, removeImage, storeImage } from '../../lib/images';
import {
  deleteResource as deleteResourceRow,
  existingCategoryIds,
  findResource,
  insertResource,
  keyOf,
  listResources as listResourceRows,
  type ResourceWithCategories,
  updateResource as updateResourceRow,
} from './resource.repository';

/** Managers ('manage resources') see drafts; everyone else sees published resources only. */
export function canManage(auth: AuthContext): boolean {
  return auth.permissions.has('manage resources');
}

/** A draft's image URL is signed: only those who may see the draft get a URL that serves it. */
export function toResource(row: ResourceWithCategories, urls: UploadUrls): Resource {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    content: row.content,
    categories: row.categories,
    is_published: row.is_published === 1,
    image_url: row.image_path && row.is_published !== 1 ? urls.signed(row.image_path) : publicFileUrl(row.image_path),
    type: row.type,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listResources(app: FastifyInstance, auth: AuthContext, query: ResourceListQuery): Promise<ResourceListReply> {
  const { rows, total } = await listResourceRows(app.db, auth.companyId, {
    page: query.page,
    perPage: query.per_page,
    search: query.search || undefined,
    category: query.category || undefined,
    includeDrafts: canManage(auth),
  });
  return { data: rows.map((r) => toResource(r, app.uploadUrls)), meta: paginationMeta(query.page, query.per_page, total) };
}

async function requireResource(app: FastifyInstance, auth: AuthContext, param: string): Promise<ResourceWithCategories> {
  const row = await findResource(app.db, auth.companyId, keyOf(param), canManage(auth));
  if (!row) throw notFound('Resource');
  return row;
}

export async function getResource(app: FastifyInstance, auth: AuthContext, param: string): Promise<Resource> {
  return toResource(await requireResource(app, auth, param), app.uploadUrls);
}

/** Every sent category must be one of the company's own; another company's id is as unknown as a made-up one. */
async function checkCategories(app: FastifyInstance, auth: AuthContext, ids: number[] | undefined): Promise<void> {
  if (!ids || ids.length === 0) return;
  const found = await existingCategoryIds(app.db, auth.companyId, ids);
  if (found.length !== ids.length) throw unprocessable({ categories: ['The selected categories are invalid.'] });
}

async function storeRequestImage(app: FastifyInstance, form: FormInput): Promise<string | undefined> {
  return form.file ? storeImage(app.images, form.file.buffer, 'image', form.file) : undefined;
}

export async function createResource(app: FastifyInstance, auth: AuthContext, form: FormInput): Promise<Resource> {
  const input = validate(resourceCreateSchema, form.fields);
  await checkCategories(app, auth, input.categories);
  const image = await storeRequestImage(app, form);
  const now = nowIso();
  let id: number;
  try {
    id = await insertResource(
      app.db,
      auth.companyId,
      {
        uuid: randomUUID(),
        title: input.title,
        content: input.content,
        image_path: image ?? null,
        type: input.type ?? null,
        // A new resource is a draft unless published on purpose (product-rules.md#screen-resources).
        is_published: input.is_published ? 1 : 0,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      },
      input.categories ?? [],
    );
  } catch (err) {
    await removeImage(app.images, image);
    throw err;
  }
  return getResource(app, auth, String(id));
}

/** Changes the sent fields; sent categories replace the old set; a new image replaces (and removes) the old file. */
export async function updateResource(app: FastifyInstance, auth: AuthContext, param: string, form: FormInput): Promise<Resource> {
  const current = await requireResource(app, auth, param);
  const input = validate(resourceUpdateSchema, form.fields);
  await checkCategories(app, auth, input.categories);
  const image = await storeRequestImage(app, form);
  let updated: { previousImage: string | null } | undefined;
  try {
    updated = await updateResourceRow(
      app.db,
      auth.companyId,
      current.id,
      {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.content !== undefined && { content: input.content }),
        ...(input.type !== undefined && { type: input.type }),
        ...(input.is_published !== undefined && { is_published: input.is_published ? 1 : 0 }),
        ...(image !== undefined && { image_path: image }),
        updated_at: nowIso(),
      },
      input.categories,
    );
  } catch (err) {
    await removeImage(app.images, image);
    throw err;
  }
  if (!updated) {
    await removeImage(app.images, image);
    throw notFound('Resource');
  }
  // The image the row really had when this write replaced it (another update may have replaced `current`'s).
  if (image !== undefined) await removeImage(app.images, updated.previousImage);
  return getResource(app, auth, String(current.id));
}

export async function deleteResource(app: FastifyInstance, auth: AuthContext, param: string): Promise<void> {
  const current = await requireResource(app, auth, param);
  const deleted = await deleteResourceRow(app.db, auth.companyId, current.id);
  if (!deleted) throw notFound('Resource');
  await removeImage(app.images, deleted.image);
}
