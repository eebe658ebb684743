import { LOW_LOAN_PERCENT } from './redemption';

// Jewellery appraised by metal, purity and weight at the day's rate (decision 0305): pure and zod-free, read by the
// device's ticket form and by the server alike. Weights are integer centigrams (0.01 g), rates integer centavos per
// gram, values integer centavos.

export const METALS = ['gold', 'silver', 'platinum'] as const;
export type Metal = (typeof METALS)[number];

/** The purities a rate is set for, per metal: gold in karats; silver and platinum in parts per thousand. */
export const PURITIES = {
  gold: ['10K', '14K', '18K', '21K', '22K', '24K'],
  silver: ['925', '999'],
  platinum: ['950'],
} as const satisfies Record<Metal, readonly string[]>;
export type Purity = (typeof PURITIES)[Metal][number];

/** Every (metal, purity) a rate table holds, in the order the screens list them. */
export const RATE_KEYS: readonly { metal: Metal; purity: Purity }[] = METALS.flatMap((metal) => PURITIES[metal].map((purity) => ({ metal, purity })));

export function isPurityOf(metal: Metal, purity: string): purity is Purity {
  return (PURITIES[metal] as readonly string[]).includes(purity);
}

/** Heaviest item one line takes: 10 kg. */
export const MAX_CENTIGRAMS = 1_000_000;
/** Dearest rate a table takes: ₱100,000 a gram. */
export const MAX_RATE_CENTAVOS = 10_000_000;
/** The loan-to-value ratio a category may set, in percent: never below the 30 % floor (decision 0182), at most the value. */
export const LTV_MIN = 30;
export const LTV_MAX = 100;
/** A category without its own ratio suggests this share of the appraised value. */
export const DEFAULT_LTV_PERCENT = 70;

/**
 * Grams as typed ("12.5", "12.34", "0.05") to integer centigrams; null for anything else (a third decimal, a
 * sign, text). Read from the text, never through a float, so "0.29" is 29 and not 28.
 */
export function parseGrams(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Centigrams as grams to show, always two decimals ("12.50"). */
export function gramsText(centigrams: number): string {
  return `${Math.floor(centigrams / 100)}.${String(centigrams % 100).padStart(2, '0')}`;
}

/**
 * The appraised value of `centigrams` at `ratePerGram` centavos: weight × rate, rounded down to the centavo so the
 * value never exceeds what the metal is worth at the rate.
 */
export function appraiseMetal(centigrams: number, ratePerGram: number): number {
  return Math.floor((centigrams * ratePerGram) / 100);
}

/**
 * The principal the counter suggests for an appraised value: the category's share of it, rounded down, but never
 * below the 30 % floor (a loan there needs a written request, decision 0182) and never above the value.
 */
export function suggestedPrincipal(appraised: number, ltvPercent: number): number {
  const ltv = Math.min(LTV_MAX, Math.max(LTV_MIN, ltvPercent));
  const floor = Math.ceil((appraised * LOW_LOAN_PERCENT) / 100);
  return Math.min(appraised, Math.max(floor, Math.floor((appraised * ltv) / 100)));
}

/** A rate as the device keeps it: which metal and purity, centavos a gram, and the company's day it was set for. */
export interface MetalRate {
  metal: Metal;
  purity: string;
  rate: number;
  rate_date: string;
  set_at: string;
}

/** The newest rate for a metal and purity among `rates`, or undefined when none was ever set. */
export function rateFor<R extends MetalRate>(rates: readonly R[], metal: Metal, purity: string): R | undefined {
  let best: R | undefined;
  for (const r of rates) {
    if (r.metal !== metal || r.purity !== purity) continue;
    if (!best || r.rate_date > best.rate_date || (r.rate_date === best.rate_date && r.set_at > best.set_at)) best = r;
  }
  return best;
}

/** A rate set for a day before the ticket's: the ticket says so, and the server accepts it (decision 0306). */
export function rateIsStale(rateDate: string, ticketDate: string): boolean {
  return rateDate < ticketDate;
}
