import { z } from '../zod';

// Branches of a pawnshop chain: ticket numbering per branch and the two-step transfer of an item between vaults
// (docs/decisions/0301-branches-schema.md, 0303-item-transfers.md). Pure: the server and the device share them.

/** A branch's ticket prefix: 1-6 capital letters or digits, unique in the company (e.g. PT, MKT1). */
export const TICKET_PREFIX = /^[A-Z0-9]{1,6}$/;

/**
 * `<prefix>-<year of the loan date>-<number, six digits at least>`, e.g. MKT-2026-000123: serial per branch (P.D. 114
 * asks tickets to be serially numbered); the company's first branch keeps 'PT', so older tickets read as before.
 */
export function branchTicketNumber(prefix: string, loanDate: string, n: number): string {
  return `${prefix}-${loanDate.slice(0, 4)}-${String(n).padStart(6, '0')}`;
}

/** The parts of a ticket number written by branchTicketNumber, or null for anything else. */
export function parseTicketNumber(ticket: string): { prefix: string; year: string; n: number } | null {
  const m = /^([A-Z0-9]{1,6})-(\d{4})-(\d{6,})$/.exec(ticket);
  return m ? { prefix: m[1], year: m[2], n: Number(m[3]) } : null;
}

// ---------- transfers ----------

/** Where an item is: in one branch's vault, or on its way from one branch to another (counted in no vault). */
export type ItemPlace = { state: 'in_vault'; branchId: number } | { state: 'in_transit'; from: number; to: number };

export type TransferEvent = { kind: 'send'; from: number; to: number } | { kind: 'receive'; at: number };

export const TRANSFER_NOT_HERE = 'The item is not in this branch’s vault.';
export const TRANSFER_SAME_BRANCH = 'Choose another branch to send the item to.';
export const TRANSFER_NOT_SENT = 'The item is not on its way to this branch.';

/** The place after the event, or the reason the event cannot happen there. */
export function transferStep(place: ItemPlace, event: TransferEvent): { ok: true; place: ItemPlace } | { ok: false; problem: string } {
  if (event.kind === 'send') {
    if (place.state !== 'in_vault' || place.branchId !== event.from) return { ok: false, problem: TRANSFER_NOT_HERE };
    if (event.to === event.from) return { ok: false, problem: TRANSFER_SAME_BRANCH };
    return { ok: true, place: { state: 'in_transit', from: event.from, to: event.to } };
  }
  if (place.state !== 'in_transit' || place.to !== event.at) return { ok: false, problem: TRANSFER_NOT_SENT };
  return { ok: true, place: { state: 'in_vault', branchId: event.at } };
}

/** The vaults that count the item: one branch's, or none while it travels. */
export function vaultsCounting(place: ItemPlace): number[] {
  return place.state === 'in_vault' ? [place.branchId] : [];
}

// ---------- wire shapes ----------

const trimmed = (max: number) => z.string().trim().max(max);

export const branchInputSchema = z.object({
  name: trimmed(120).min(1, 'Enter the branch’s name.'),
  address: trimmed(300).nullish(),
  bsp_registration: trimmed(60).nullish(),
  ticket_prefix: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(TICKET_PREFIX, 'Use 1 to 6 capital letters or digits.')),
  deleted: z.boolean().optional(),
});
export type BranchInput = z.infer<typeof branchInputSchema>;

export const branchSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  bsp_registration: z.string().nullable(),
  ticket_prefix: z.string(),
  last_ticket_number: z.number(),
  deleted: z.boolean(),
  user_ids: z.array(z.number()),
});
export type Branch = z.infer<typeof branchSchema>;

export const userBranchesInputSchema = z.object({ branch_ids: z.array(z.number().int().positive()).max(500) });

export const transferInputSchema = z.object({ uuid: z.uuid(), to_branch_id: z.number().int().positive(), note: trimmed(300).nullish() });

export const transferSchema = z.object({
  uuid: z.string(),
  item_uuid: z.string(),
  item_description: z.string(),
  from_branch_id: z.number(),
  to_branch_id: z.number(),
  status: z.enum(['sent', 'received']),
  note: z.string().nullable(),
  sent_at: z.string(),
  received_at: z.string().nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** The header that carries the branch the device works at on every lending request (decision 0302). */
export const BRANCH_HEADER = 'x-kalinga-branch';
