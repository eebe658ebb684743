import { z } from './zod';

// Multipart forms send every field as text; the sync queue sends JSON. These read both the same way.

/** A flag sent as 1/0, true/false, on/off (or a real boolean from JSON). */
export const formBoolean = z.preprocess((v) => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['1', 'true', 'on', 'yes'].includes(s)) return true;
    if (['0', 'false', 'off', 'no', ''].includes(s)) return false;
  }
  return v;
}, z.boolean({ message: 'The field must be true or false.' }));

/** A number sent as text; an empty text counts as not sent. */
export function formNumber(schema: z.ZodNumber = z.number()) {
  return z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v), schema.optional());
}

/** Optional free text: blank becomes null, so a cleared field clears the stored value. */
export function formOptionalText(max: number, message?: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.string().max(max, message ?? `The field may not be greater than ${max} characters.`).nullable().optional(),
  );
}
