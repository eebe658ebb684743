// Money as the app shows it; dates and times are dates.ts's (decision 0146).

// Made on first use: building a currency formatter loads the locale's data, which cost ~55 ms of a phone-class
// main thread at start-up on screens that show no money (decision 0099).
let peso: Intl.NumberFormat | undefined;

/** PHP with exactly 2 decimals (product-rules.md#constants); anything non-numeric shows an em dash. */
export function formatCurrency(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? (peso ??= new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(n) : '—';
}
