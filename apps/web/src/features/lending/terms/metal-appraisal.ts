import { appraiseMetal, DEFAULT_LTV_PERCENT, isPurityOf, METALS, type Metal, parseGrams, rateFor, rateIsStale, suggestedPrincipal } from '@kalinga/contracts/lending/gold';
import type { MetalRate } from '@kalinga/contracts/lending/metal-rates';
import { toCentavos, toPesos } from '@kalinga/contracts/lending/rules';

// A ticket's piece of jewellery appraised on the device from the rates kept here (decisions 0305, 0306): the pure
// part of the item form, so it is tested without a screen.

/** What the clerk typed for a piece of metal; all empty for an item that is not appraised by weight. */
export interface MetalDraft {
  metal?: string;
  purity?: string;
  weight?: string;
}

export type MetalProblem = 'purity' | 'weight' | 'noRate';

export interface MetalAppraisal {
  /** The rate the appraisal uses (the newest kept for the metal and purity). */
  rate?: MetalRate;
  /** Pesos: weight × rate, rounded down to the centavo. */
  value?: number;
  /** The rate was set for a day before the ticket's: the ticket says so, and the server accepts it. */
  stale: boolean;
  problem?: MetalProblem;
}

const isMetal = (value: string | undefined): value is Metal => (METALS as readonly string[]).includes(value ?? '');

/** Whether the row is a piece of metal at all. */
export function isMetalDraft(draft: MetalDraft): boolean {
  return isMetal(draft.metal);
}

/** The appraisal of a piece on `ticketDate` with the kept rates; a problem instead when something is missing. */
export function appraiseDraft(draft: MetalDraft, rates: readonly MetalRate[], ticketDate: string): MetalAppraisal {
  if (!isMetal(draft.metal)) return { stale: false };
  if (!draft.purity || !isPurityOf(draft.metal, draft.purity)) return { stale: false, problem: 'purity' };
  const rate = rateFor(rates, draft.metal, draft.purity);
  const centigrams = parseGrams(draft.weight ?? '');
  if (!rate) return { stale: false, problem: 'noRate' };
  const stale = rateIsStale(rate.rate_date, ticketDate);
  if (centigrams === null || centigrams === 0) return { rate, stale, problem: 'weight' };
  return { rate, stale, value: toPesos(appraiseMetal(centigrams, toCentavos(rate.rate))) };
}

/** What a new ticket's item sends for its piece of metal (the server checks it again), or nothing. */
export function metalFieldsOf(draft: MetalDraft, appraisal: MetalAppraisal) {
  if (!isMetal(draft.metal) || !appraisal.rate || appraisal.value === undefined) return {};
  return { metal: draft.metal, purity: draft.purity, weight_grams: (parseGrams(draft.weight ?? '') ?? 0) / 100, metal_rate_id: appraisal.rate.id };
}

/** Pesos the counter suggests lending on an appraised value (pesos) under the category's ratio. */
export function suggestedLoan(appraisedPesos: number, ltvPercent: number | null | undefined): number {
  return toPesos(suggestedPrincipal(toCentavos(appraisedPesos), ltvPercent ?? DEFAULT_LTV_PERCENT));
}
