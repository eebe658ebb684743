import { format } from 'date-fns';

/**
 * A date-fns pattern, kept for the triage screens written beside the date module (dates.ts): every other screen
 * takes its dates and times from dates.ts (decision 0146), and these should move there too.
 */
export function formatInstant(iso: string, pattern: string): string {
  return format(new Date(iso), pattern);
}

// Made on first use: building a currency formatter loads the locale's data, which cost ~55 ms of a phone-class
// main thread at start-up on screens that show no money (issue 16, decision 0099).
let peso: Intl.NumberFormat | undefined;

/** PHP with exactly 2 decimals (spec section 9); anything non-numeric shows an em dash. */
export function formatCurrency(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? (peso ??= new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(n) : '—';
}
