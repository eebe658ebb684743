import { z } from './zod';
import { formBoolean, formNumber, formOptionalText } from './form-fields';
import { paginated, pageQuerySchema } from './common';
import { CATEGORY_KINDS } from './category-constants';
import { ADVANCE_INTEREST } from './lending/rules';
import { LTV_MAX, LTV_MIN } from './lending/gold';

/** A category as the API returns it (product-rules.md#entities), lending defaults included. */
export const categorySchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** 'counselling' or 'lending' (decision 0121): only a lending category carries a loan, and its terms need 'manage lending'. */
  kind: z.enum(CATEGORY_KINDS),
  title: z.string(),
  description: z.string().nullable(),
  /** URL of the stored image, or null. */
  image_path: z.string().nullable(),
  name: z.string().nullable(),
  interest_rate: z.number(),
  penalty_rate: z.number(),
  loan_period: z.number().int(),
  loan_period_type: z.string(),
  loan_period_expiry: z.number().int(),
  is_renewable: z.boolean(),
  /** Fast-depreciating items (gadgets): the pawner may agree to a redemption period of 30 days instead of 90 (decision 0180). */
  fast_depreciating: z.boolean(),
  /** Paying the interest due extends a loan by a term on the same ticket (decision 0189). */
  is_extendable: z.boolean(),
  /** Interest deducted from the proceeds when a ticket is written: none, or the first term's, at most a year's (decision 0219). */
  advance_interest: z.enum(ADVANCE_INTEREST).optional(),
  /** Percent of a piece's appraised value the counter suggests lending; null: the default (decision 0305). Absent before it existed. */
  ltv_percent: z.number().int().nullable().optional(),
  resources_count: z.number().int(),
  /** The company's change-counter value of the category's last change (decision 0111). */
  version: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const kindField = z.enum(CATEGORY_KINDS, { message: 'The kind must be counselling or lending.' });

/**
 * `kind` picks the list: counselling ('view resources') or lending ('view lending'). Left out, the user's own side:
 * counselling when they may view resources, else lending.
 */
export const categoryListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  kind: kindField.optional(),
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

export const categoryListReplySchema = paginated(categorySchema);
export type CategoryListReply = z.infer<typeof categoryListReplySchema>;
export const categoryReplySchema = z.object({ data: categorySchema });

export const LOAN_PERIOD_TYPES = ['day', 'week', 'month', 'year'] as const;

const lendingFields = {
  name: formOptionalText(255),
  interest_rate: formNumber(z.number({ message: 'The interest rate must be a number.' }).min(0, 'The interest rate may not be negative.').max(100)),
  penalty_rate: formNumber(z.number({ message: 'The penalty rate must be a number.' }).min(0, 'The penalty rate may not be negative.').max(100)),
  loan_period: formNumber(z.number({ message: 'The loan period must be a number.' }).int().min(1, 'The loan period must be at least 1.').max(1000)),
  loan_period_type: z.enum(LOAN_PERIOD_TYPES, { message: 'The loan period type must be day, week, month or year.' }).optional(),
  loan_period_expiry: formNumber(z.number({ message: 'The loan period expiry must be a number.' }).int().min(0).max(1000)),
  is_renewable: formBoolean.optional(),
  fast_depreciating: formBoolean.optional(),
  is_extendable: formBoolean.optional(),
  advance_interest: z.enum(ADVANCE_INTEREST, { message: 'The interest in advance must be none or one_term.' }).optional(),
  // Blank clears it back to the default (decision 0305); never below the 30 % floor (decision 0182).
  ltv_percent: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v),
    z
      .number({ message: 'The loan-to-value ratio must be a number.' })
      .int('The loan-to-value ratio must be a whole percent.')
      .min(LTV_MIN, `The loan-to-value ratio may not be below ${LTV_MIN} %.`)
      .max(LTV_MAX, `The loan-to-value ratio may not be above ${LTV_MAX} %.`)
      .nullable()
      .optional(),
  ),
};

const titleField = z
  .string({ message: 'The title field is required.' })
  .trim()
  .min(1, 'The title field is required.')
  .max(255, 'The title may not be greater than 255 characters.');

/** Fields of POST /api/categories (multipart or JSON); the image travels as a file part. */
export const categoryCreateSchema = z.object({
  /** A client-made uuid (offline queue): sending the same create twice yields one category. */
  uuid: z.uuid('The uuid must be a valid UUID.').optional(),
  /** Fixed when the category is made; left out, the side the user manages (counselling first). */
  kind: kindField.optional(),
  title: titleField,
  description: formOptionalText(5000, 'The description may not be greater than 5000 characters.'),
  ...lendingFields,
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/** Fields of an update: only those sent change; a sent title may not be blank. */
export const categoryUpdateSchema = categoryCreateSchema.omit({ uuid: true, kind: true }).partial();
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export { CATEGORY_DEFAULTS, CATEGORY_KINDS, type CategoryKind } from './category-constants';
