import { z } from 'zod';
import { paginationMetaSchema } from '../common';
import { normalizeTag, PLACE_KINDS, TAG_PATTERN } from './vault-rules';

// The vault's API schemas: an item's tag and place and their history, vault counts and item photos
// (docs/decisions/0308-vault-tags-and-places.md, 0309-vault-counts.md, 0310-item-photos.md).

export const TAG_MESSAGE = 'The tag number must be 3 to 24 letters, digits or dashes.';
const tagField = z.string().transform(normalizeTag).pipe(z.string().regex(TAG_PATTERN, TAG_MESSAGE));

/** Puts an item in a place in the vault; with tag_number, tags it too (at intake, or a new label). */
export const itemPlaceSchema = z.object({
  tag_number: tagField.optional(),
  place_kind: z.enum(PLACE_KINDS, { message: 'The place must be the vault, a drawer or a tray.' }),
  place_name: z.string().trim().min(1, 'The place name is required.').max(60, 'The place name may not be greater than 60 characters.'),
});
export type ItemPlace = z.infer<typeof itemPlaceSchema>;

/** One recorded move (or tagging) of an item. */
export const itemMoveSchema = z.object({
  id: z.number().int(),
  item_uuid: z.string(),
  tag_number: z.string().nullable(),
  from_kind: z.enum(PLACE_KINDS).nullable(),
  from_name: z.string().nullable(),
  to_kind: z.enum(PLACE_KINDS),
  to_name: z.string(),
  moved_by_name: z.string().nullable(),
  moved_at: z.string(),
});
export type ItemMove = z.infer<typeof itemMoveSchema>;
export const itemMoveListReplySchema = z.object({ data: z.array(itemMoveSchema) });

/** The tags a clerk found in the vault; keyed by the count's uuid (a repeat answers the first count). */
export const vaultCountCreateSchema = z.object({
  uuid: z.uuid('The uuid must be a valid UUID.'),
  tags: z.array(z.string().max(40, 'A tag may not be greater than 40 characters.')).max(5000, 'A count may list at most 5000 tags.'),
});
export type VaultCountCreate = z.infer<typeof vaultCountCreateSchema>;

const countedItemSchema = z.object({ uuid: z.string(), tag_number: z.string(), description: z.string() });

export const vaultCountSchema = z.object({
  uuid: z.string(),
  counted_by_name: z.string().nullable(),
  counted_at: z.string(),
  expected_count: z.number().int(),
  present_count: z.number().int(),
  missing: z.array(countedItemSchema),
  unexpected: z.array(z.string()),
});
export type VaultCount = z.infer<typeof vaultCountSchema>;
export const vaultCountReplySchema = z.object({ data: vaultCountSchema });

export const vaultCountListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const vaultCountListReplySchema = z.object({
  data: z.array(vaultCountSchema.omit({ missing: true, unexpected: true }).extend({ missing_count: z.number().int(), unexpected_count: z.number().int() })),
  meta: paginationMetaSchema,
});

/** An item's photo: `url` is signed for the signed-in user's company (decision 0310). */
export const itemPhotoSchema = z.object({
  uuid: z.string(),
  item_uuid: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type ItemPhoto = z.infer<typeof itemPhotoSchema>;
export const itemPhotoReplySchema = z.object({ data: itemPhotoSchema });
export const itemPhotoListReplySchema = z.object({ data: z.array(itemPhotoSchema) });
/** The form's fields beside the image: the photo's uuid, made on the device when it was taken. */
export const itemPhotoFieldsSchema = z.object({ uuid: z.uuid('The uuid must be a valid UUID.') });
