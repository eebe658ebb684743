import { z } from './zod';
import { formBoolean, formOptionalText } from './form-fields';
import { MAX_ID, paginated, pageQuerySchema } from './common';

export const resourceCategorySchema = z.object({ id: z.number().int(), title: z.string() });

/** A resource as the API returns it (product-rules.md#entities). */
export const resourceSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  content: z.string(),
  categories: z.array(resourceCategorySchema),
  is_published: z.boolean(),
  /** URL of the stored image, or null. */
  image_url: z.string().nullable(),
  type: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceListQuerySchema = pageQuerySchema.extend({
  /** A category id (or uuid); blank means all. */
  category: z.string().trim().max(64).optional(),
  search: z.string().trim().max(200).optional(),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

export const resourceListReplySchema = paginated(resourceSchema);
export type ResourceListReply = z.infer<typeof resourceListReplySchema>;
export const resourceReplySchema = z.object({ data: resourceSchema });

/** Comma-joined category ids ("3,5"), or a JSON array of them. */
const categoryIds = z.preprocess(
  (v) => {
    if (Array.isArray(v)) return v.map((x) => String(x).trim()).filter(Boolean);
    if (typeof v === 'string') return v.split(',').map((x) => x.trim()).filter(Boolean);
    if (typeof v === 'number') return [String(v)];
    return v;
  },
  z
    .array(z.string())
    .max(50, 'Choose at most 50 categories.')
    .refine((ids) => ids.every((id) => /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= MAX_ID), 'The selected categories are invalid.')
    .transform((ids) => [...new Set(ids.map(Number))]),
);

/** Fields of POST /api/resources (multipart or JSON); the image travels as a file part. */
export const resourceCreateSchema = z.object({
  title: z
    .string({ message: 'The title field is required.' })
    .trim()
    .min(1, 'The title field is required.')
    .max(255, 'The title may not be greater than 255 characters.'),
  content: z
    .string({ message: 'The content field is required.' })
    .trim()
    .min(1, 'The content field is required.')
    .max(100_000, 'The content may not be greater than 100000 characters.'),
  categories: categoryIds.optional(),
  is_published: formBoolean.optional(),
  type: formOptionalText(50, 'The type may not be greater than 50 characters.'),
});
export type ResourceCreate = z.infer<typeof resourceCreateSchema>;

export const resourceUpdateSchema = resourceCreateSchema.partial();
export type ResourceUpdate = z.infer<typeof resourceUpdateSchema>;

/** Length of the content preview on a resource card (product-rules.md#constants). */
export const RESOURCE_PREVIEW_LENGTH = 150;

/**
 * The card's preview: content longer than 150 characters cut at the last word's end within them, plus '...'
 * (decision 0317), in any language. A first word longer than half the preview (a link) is cut where the 150 end,
 * never inside a character that takes two code units.
 */
export function previewContent(content: string, length = RESOURCE_PREVIEW_LENGTH): string {
  if (content.length <= length) return content;
  const head = content.slice(0, length + 1);
  const wordEnd = head.search(/\s\S*$/);
  let cut = wordEnd >= length / 2 ? wordEnd : length;
  if (cut === length && /[\uD800-\uDBFF]/.test(content[length - 1] ?? '')) cut -= 1;
  // No space, comma or colon before the dots.
  return `${content.slice(0, cut).replace(/[\s,;:–—-]+$/u, '')}...`;
}
