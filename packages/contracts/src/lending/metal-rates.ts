import { z } from '../zod';
import { isoDateSchema, paginationMetaSchema } from '../common';
import { parseMoneyText } from '../money-text';
import { isPurityOf, MAX_CENTIGRAMS, MAX_RATE_CENTAVOS, METALS, parseGrams, RATE_KEYS } from './gold';

// The day's metal rates and a piece of jewellery's appraisal fields on the wire (decisions 0305, 0306). Rates travel
// as pesos a gram (two decimals at most), weights as grams (two decimals); the server keeps centavos and centigrams.

export const metalRateSchema = z.object({
  id: z.number().int(),
  /** The branch it was set for; null: the company's rate. */
  branch_id: z.number().int().nullable(),
  metal: z.enum(METALS),
  purity: z.string(),
  /** Pesos a gram. */
  rate: z.number(),
  /** The company's day the rate was set for. */
  rate_date: isoDateSchema,
  set_at: z.string(),
  set_by_name: z.string().nullable(),
});
export type MetalRate = z.infer<typeof metalRateSchema>;

/** GET /api/metal-rates: the rate in force for each metal and purity that has one, and the company's today. */
export const metalRatesReplySchema = z.object({
  data: z.object({ rates: z.array(metalRateSchema), today: isoDateSchema }),
});
export type MetalRatesReply = z.infer<typeof metalRatesReplySchema>;

/** GET /api/metal-rates/history: every rate set, newest first. */
export const metalRateHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(30),
});
export const metalRateHistoryReplySchema = z.object({
  data: z.array(metalRateSchema),
  meta: paginationMetaSchema,
});
export type MetalRateHistoryReply = z.infer<typeof metalRateHistoryReplySchema>;

const MAX_RATE_PESOS = MAX_RATE_CENTAVOS / 100;

const ratePesos = z.preprocess(
  (v) => (typeof v === 'string' ? (parseMoneyText(v) ?? v) : v),
  z
    .number({ message: 'The rate must be a number.' })
    .gt(0, 'The rate must be greater than zero.')
    .max(MAX_RATE_PESOS, 'The rate is too large.')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'The rate may have at most two decimals.'),
);

/** PUT /api/metal-rates: today's rates for some metals and purities (each at most once); the others keep theirs. */
export const metalRatesSetSchema = z.object({
  rates: z
    .array(
      z
        .object({ metal: z.enum(METALS, { message: 'The metal must be gold, silver or platinum.' }), purity: z.string().max(10), rate: ratePesos })
        .refine((r) => isPurityOf(r.metal, r.purity), { message: 'This purity is not one of the metal\u2019s.', path: ['purity'] }),
      { message: 'Give at least one rate.' },
    )
    .min(1, 'Give at least one rate.')
    .max(RATE_KEYS.length)
    .refine((rows) => new Set(rows.map((r) => `${r.metal}/${r.purity}`)).size === rows.length, 'Each metal and purity may be given once.'),
});
export type MetalRatesSet = z.infer<typeof metalRatesSetSchema>;

/**
 * Grams as typed ("12.34") or as a number, to two decimals: stays grams, so a body checked on the device and queued
 * reads the same again on the server. `centigramsOf` turns it into the stored integer.
 */
const gramsField = z.preprocess(
  (v) => (typeof v === 'string' ? (() => { const cg = parseGrams(v); return cg === null ? v : cg / 100; })() : v),
  z
    .number({ message: 'The weight must be in grams, to 0.01 g.' })
    .gt(0, 'The weight must be greater than zero.')
    .max(MAX_CENTIGRAMS / 100, 'The weight is too large.')
    .refine((g) => Math.abs(g * 100 - Math.round(g * 100)) < 1e-6, 'The weight must be in grams, to 0.01 g.'),
);

/** Grams (at most two decimals) to integer centigrams. */
export function centigramsOf(grams: number): number {
  return Math.round(grams * 100);
}

/**
 * A piece of jewellery's fields on a new item: the metal, purity, weight (grams; read as centigrams) and the server
 * id of the rate its appraisal used. All or none.
 */
export const metalItemFields = {
  metal: z.enum(METALS, { message: 'The metal must be gold, silver or platinum.' }).optional(),
  purity: z.string().max(10).optional(),
  weight_grams: gramsField.optional(),
  metal_rate_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
};

type MetalItem = { metal?: string; purity?: string; weight_grams?: number; metal_rate_id?: number };

/** The message of an item whose jewellery fields are partly given or mismatched, by field; null when fine. */
export function metalItemProblem(item: MetalItem): { path: string; message: string } | null {
  const given = [item.metal, item.purity, item.weight_grams, item.metal_rate_id].filter((v) => v !== undefined).length;
  if (given === 0) return null;
  if (item.metal === undefined) return { path: 'metal', message: 'The metal is required for jewellery.' };
  if (item.purity === undefined || !isPurityOf(item.metal as (typeof METALS)[number], item.purity)) return { path: 'purity', message: 'Choose the purity of the metal.' };
  if (item.weight_grams === undefined) return { path: 'weight_grams', message: 'The weight is required for jewellery.' };
  if (item.metal_rate_id === undefined) return { path: 'metal_rate_id', message: 'There is no rate for this metal and purity yet.' };
  return null;
}
