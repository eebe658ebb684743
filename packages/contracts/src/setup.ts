import { z } from './zod';

/**
 * GET /api/company/setup ('manage users'): what a new centre still lacks before its first booking. Each step is
 * true once done: a counselor, a counselor with at least one available day, a category, and a client (a student or
 * personnel member besides the administrators).
 */
export const setupStatusSchema = z.object({
  counselor: z.boolean(),
  schedule: z.boolean(),
  category: z.boolean(),
  clients: z.boolean(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;
export const setupStatusReplySchema = z.object({ data: setupStatusSchema });
