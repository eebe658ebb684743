import type { ItemPhoto } from '@kalinga/contracts/lending/vault';
import { itemPhotoFieldsSchema } from '@kalinga/contracts/lending/vault';
import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import type { ItemPhotoRow } from '../../db/vault-tables';
import type { AuthContext } from '../../lib/auth-context';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { FormInput } from '../../lib/forms';
import { conflict, notFound, unprocessable } from '../../lib/http-errors';
import { NOT_AN_IMAGE, removeImage, storeImage } from '../../lib/images';
import { validate } from '../../lib/validate';
import { requireOwnBranch } from './branch-context';
import { findItem } from './item.repository';
import { uuidTaken } from './lending-common';
import { findPhotoAnyCompany, insertPhoto, photosOfItem } from './vault.repository';

// Items' photos (docs/decisions/0310-item-photos.md): sent by the device's photo queue, keyed by the photo's uuid
// (a repeat is a no-op that answers the first photo), stored like every image and served only by a signed URL that
// the API gives to the company's signed-in lending users.

export const PHOTO_OF_ANOTHER_ITEM = 'This photo was sent for another item.';

function toPhoto(app: FastifyInstance, row: ItemPhotoRow): ItemPhoto {
  return { uuid: row.uuid, item_uuid: row.item_uuid, url: app.uploadUrls.signed(row.photo), width: row.width, height: row.height, created_at: row.created_at };
}

/** A repeat of a photo already stored: the first reply again, or a refusal if the uuid is another item's or company's. */
function repeatOf(app: FastifyInstance, auth: AuthContext, itemUuid: string, row: ItemPhotoRow) {
  if (row.company_id !== auth.companyId) throw uuidTaken();
  if (row.item_uuid !== itemUuid) throw conflict(PHOTO_OF_ANOTHER_ITEM);
  return { status: 200, body: { data: toPhoto(app, row) } };
}

export async function addPhoto(app: FastifyInstance, auth: AuthContext, itemUuid: string, form: FormInput): Promise<{ status: number; body: { data: ItemPhoto } }> {
  const { uuid } = validate(itemPhotoFieldsSchema, form.fields);
  const item = await findItem(app.db, auth.companyId, itemUuid);
  if (!item) throw notFound('Item');
  await requireOwnBranch(app.db, auth, item.branch_id);
  const earlier = await findPhotoAnyCompany(app.db, uuid);
  if (earlier) return repeatOf(app, auth, itemUuid, earlier);
  if (!form.file) throw unprocessable({ photo: [NOT_AN_IMAGE] });
  const name = await storeImage(app.images, form.file.buffer, 'photo', { mimetype: form.file.mimetype, filename: form.file.filename });
  const size = imageSize(form.file.buffer);
  try {
    const row = await insertPhoto(app.db, {
      company_id: auth.companyId,
      uuid,
      item_id: item.id,
      item_uuid: item.uuid,
      photo: name,
      width: size.width ?? 0,
      height: size.height ?? 0,
      taken_by: auth.user.id,
      created_at: nowIso(),
    });
    return { status: 201, body: { data: toPhoto(app, row) } };
  } catch (err) {
    await removeImage(app.images, name);
    // The same photo sent twice at once: the second finds the first's row and stores nothing.
    const raced = isUniqueViolation(err) ? await findPhotoAnyCompany(app.db, uuid) : undefined;
    if (raced) return repeatOf(app, auth, itemUuid, raced);
    throw err;
  }
}

export async function listPhotos(app: FastifyInstance, auth: AuthContext, itemUuid: string): Promise<{ data: ItemPhoto[] }> {
  const item = await findItem(app.db, auth.companyId, itemUuid);
  if (!item) throw notFound('Item');
  return { data: (await photosOfItem(app.db, auth.companyId, item.id)).map((row) => toPhoto(app, row)) };
}
